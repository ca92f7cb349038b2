use c6solve::*;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rules = Rules::parse(&args[1]).unwrap();
    let moves =
        notation::parse_moves(&rules, args.get(2).map(|s| s.as_str()).unwrap_or("")).unwrap();
    let pos = Position::from_moves(rules, &moves).unwrap();
    let r = solve(
        &pos,
        &SolveOptions {
            tt_mib: std::env::var("TT")
                .map(|v| v.parse().unwrap())
                .unwrap_or(512),
            ..Default::default()
        },
    )
    .expect("solver runs");
    println!(
        "{} {} best={} nodes={} {:.2}s {:.0} n/s",
        rules,
        r.value.name(),
        notation::format_moves(&rules, &r.best),
        r.nodes,
        r.seconds,
        r.nodes as f64 / r.seconds
    );
}
