//! Published values of empty boards, with their sources.

use super::rows::{Literature, Value};
use super::specs::order;
use crate::rules::Rules;

/// Published values of empty boards, with their sources. Every proven row of these rules is
/// compared with them.
pub fn literature(rules: &Rules) -> Option<Literature> {
    const UVDH: &str = "Uiterwijk & van den Herik, \"The advantage of the initiative\", \
                        Information Sciences 122(1):43-58, 2000";
    const KO: &str = "Ko, Hsu, Wei, Chen, Hsueh & Wu, \"On solving the 7,7,5-game and the \
                      8,8,5-game\", Theoretical Computer Science 815:79-94, 2020";
    let (w, h) = (rules.width.max(rules.height), rules.width.min(rules.height));
    let key = (w, h, rules.k, rules.p, rules.q);
    let (value, source) = match key {
        (3, 3, 3, 1, 1) => (
            Value::Draw,
            format!("tic-tac-toe, folklore; listed in {UVDH}"),
        ),
        (4..=8, 4, 4, 1, 1) => (
            Value::Draw,
            format!("4-in-a-row on 4xn is a draw for n <= 8: {UVDH}"),
        ),
        (9, 4, 4, 1, 1) => (
            Value::Win,
            "Charatsidis, \"Solving Four-in-a-Row on 9x4 and 10x4 Boards\", BSc thesis, \
             Maastricht University, 2017 (both a first-player win)"
                .to_string(),
        ),
        (5, 5, 4, 1, 1) => (
            Value::Draw,
            format!("Berlekamp, Conway & Guy, Winning Ways (C. Y. Lee); {UVDH}"),
        ),
        (6, 5, 4, 1, 1) => (Value::Win, UVDH.to_string()),
        (6, 6, 5, 1, 1) => (
            Value::Draw,
            "value as stated in issue 6 (surveyed with the other solved mnk-games in Ko et al. \
             2020); the primary source was not confirmed in this session"
                .to_string(),
        ),
        (7, 7, 5, 1, 1) => (Value::Draw, format!("{KO} (solved there in 2.5 s)")),
        (8, 8, 5, 1, 1) => (Value::Draw, format!("{KO} (first proof, 17.4 hours)")),
        (4, 4, 3, 2, 1) | (5, 4, 3, 2, 1) => (Value::Win, unconfirmed_k3_p3()),
        (4, 4, 4, 3, 2) => (Value::Draw, unconfirmed_k3_p3()),
        _ => return None,
    };
    Some(Literature { value, source })
}

/// The source given for the rows with k = 3 or p = 3 (4,4,3,2,1, 5,4,3,2,1, 4,4,4,3,2):
/// issue 33 states their values as the literature's, but the paper that publishes them was
/// not found, so the source says so rather than naming one.
fn unconfirmed_k3_p3() -> String {
    "value as stated in issue 33 (the literature's rows with k = 3 and p = 3); the primary \
     source was not confirmed in this session: the Connect(m,n,k,p,q) papers checked \
     (Wu & Huang, \"A new family of k-in-a-row games\", ACG 2005, LNCS 4250:180-194, 2006; \
     Hsieh & Tsai, \"On the fairness and complexity of generalized k-in-a-row games\", \
     Theoretical Computer Science 385:88-100, 2007; Chiang, Wu & Lin, \"Drawn k-in-a-row \
     games\", Theoretical Computer Science, 2011) do not give it in their abstracts"
        .to_string()
}

/// The rule sets with a published value ([`literature`]), in a run's order.
pub fn literature_rules() -> Vec<Rules> {
    let mut v = vec![
        (3, 3, 3, 1, 1),
        (5, 5, 4, 1, 1),
        (6, 5, 4, 1, 1),
        (6, 6, 5, 1, 1),
        (7, 7, 5, 1, 1),
        (8, 8, 5, 1, 1),
        (4, 4, 3, 2, 1),
        (5, 4, 3, 2, 1),
        (4, 4, 4, 3, 2),
    ];
    v.extend((4..=9).map(|m| (m, 4, 4, 1, 1)));
    order(
        v.into_iter()
            .map(|(m, n, k, p, q)| Rules::new(m, n, k, p, q).expect("valid literature rules"))
            .collect(),
    )
}
