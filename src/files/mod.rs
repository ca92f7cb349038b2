//! Files the user names: every input is read with a size limit suited to its kind
//! ([`bounded`]), every output is checked before any work ([`outputs`]) and written atomically
//! ([`atomic`]), so no input can exhaust memory and no killed run leaves half a file.

pub mod atomic;
pub mod bounded;
pub mod outputs;
