mod support;
#[test]
fn dump() {
    let f = support::findings::scaled(1100);
    std::fs::write("/tmp/fh/findings.html", urldiff_reports::html::findings::render(&f)).unwrap();
}
