//! SGF: Little Golem (two stones a node, lower-case a-s including i) and GoGui (one stone a node).
