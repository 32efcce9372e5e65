//! JSON Pointer (RFC 6901) paths into the input.

/// Escapes one reference token (`~` → `~0`, `/` → `~1`).
pub fn escape(token: &str) -> String {
    if !token.contains(['~', '/']) {
        return token.to_owned();
    }
    token.replace('~', "~0").replace('/', "~1")
}

/// `base` + `/` + escaped `token`.
pub fn join(base: &str, token: &str) -> String {
    let mut out = String::with_capacity(base.len() + token.len() + 1);
    out.push_str(base);
    out.push('/');
    out.push_str(&escape(token));
    out
}

/// `base` + `/` + `index`.
pub fn index(base: &str, i: usize) -> String {
    format!("{base}/{i}")
}
