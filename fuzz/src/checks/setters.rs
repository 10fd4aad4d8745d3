//! `setters`: random sequences of URL API setter calls, the reference parser against ada
//! (the `ada-url` crate, in process), every getter compared after the parse and after each
//! step. A difference is a finding; the sequence stops at the first one.
//!
//! Fields (see [`crate::input`]): the URL, an optional base, then one field per step: its
//! first character picks the setter (`'0'`…`'9'` are href, protocol, username, password,
//! host, hostname, port, pathname, search, hash; any other character counts modulo 10 the
//! same way) and the rest is the value. At most [`MAX_STEPS`] steps run.

use super::roundtrip::settable_attributes;
use super::CheckResult;
use crate::findings::Finding;
use crate::input;
use urldiff_oracles::ada;
use urldiff_parser::{Attribute, Url};

const TARGET: &str = "setters";

/// Longer programs add little coverage and slow every execution.
pub const MAX_STEPS: usize = 16;

/// A decoded program: `new URL(url, base)`, then `url[setter] = value` for each step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub url: String,
    pub base: Option<String>,
    pub steps: Vec<(Attribute, String)>,
}

impl Program {
    pub fn decode(data: &[u8]) -> Program {
        let fields = input::fields(data);
        let setters: Vec<Attribute> = settable_attributes().collect();
        let steps = fields
            .iter()
            .skip(2)
            .filter_map(|field| {
                let mut chars = field.chars();
                let selector = chars.next()?;
                let index = (selector as u32).wrapping_sub('0' as u32) as usize % setters.len();
                Some((setters[index], chars.as_str().to_owned()))
            })
            .take(MAX_STEPS)
            .collect();
        Program {
            url: fields[0].to_string(),
            base: input::optional(&fields, 1).map(Into::into),
            steps,
        }
    }

    /// The step field that selects `setter` with `value` (the seeds tool writes these).
    pub fn step_field(setter: &str, value: &str) -> Option<String> {
        let setter: Attribute = setter.parse().ok()?;
        let index = settable_attributes().position(|s| s == setter)?;
        Some(format!("{index}{value}"))
    }
}

pub fn check(data: &[u8]) -> CheckResult {
    let program = Program::decode(data);
    Ok(run(&program)
        .map(|(signature, detail)| Finding::new(TARGET, signature, detail, data))
        .into_iter()
        .collect())
}

/// Run the program on both parsers; the signature and detail of the first divergence.
pub fn run(program: &Program) -> Option<(String, String)> {
    let base = program.base.as_deref();
    let reference = match base {
        Some(b) => Url::parse(b, None).and_then(|b| Url::parse(&program.url, Some(&b))),
        None => Url::parse(&program.url, None),
    };
    let ada = ada_url::Url::parse(program.url.as_str(), base);
    let (mut reference, mut ada) = match (reference, ada) {
        (Err(_), Err(_)) => return None,
        (Ok(r), Ok(a)) => (r, a),
        (r, _) => {
            let (ours, theirs) =
                if r.is_ok() { ("parsed", "failed") } else { ("failed", "parsed") };
            return Some((
                format!("setters:parse:reference={ours},ada={theirs}"),
                format!("new URL({:?}, {base:?}): reference {ours}, ada {theirs}", program.url),
            ));
        }
    };
    if let Some(d) = compare(&reference, &ada, "parse", || format!("{program:?}")) {
        return Some(d);
    }
    for (i, (setter, value)) in program.steps.iter().enumerate() {
        let ours_threw = reference.set_attribute(*setter, value).is_err();
        let theirs_threw = ada::set(&mut ada, *setter, value);
        let context = || format!("{:?} after step {} of {program:?}", program.url, i + 1);
        if ours_threw != theirs_threw {
            return Some((
                format!("setters:{setter}:throws:reference={ours_threw},ada={theirs_threw}"),
                format!(
                    "{setter} = {value:?} threw: reference {ours_threw}, ada {theirs_threw}; {}",
                    context()
                ),
            ));
        }
        if let Some(d) = compare(&reference, &ada, setter.name(), context) {
            return Some(d);
        }
    }
    None
}

/// Every getter of both; a signature naming the step and the differing getters.
fn compare(
    reference: &Url,
    ada: &ada_url::Url,
    step: &str,
    context: impl Fn() -> String,
) -> Option<(String, String)> {
    let differing: Vec<(&str, String, String)> = Attribute::ALL
        .iter()
        .filter_map(|&attribute| {
            let ours = reference.attribute(attribute);
            let theirs = ada::getter(ada, attribute);
            (ours != theirs).then(|| (attribute.name(), ours.into_owned(), theirs.into_owned()))
        })
        .collect();
    if differing.is_empty() {
        return None;
    }
    let names: Vec<&str> = differing.iter().map(|d| d.0).collect();
    let values: Vec<String> =
        differing.iter().map(|(n, o, t)| format!("{n}: reference {o:?}, ada {t:?}")).collect();
    Some((
        format!("setters:{step}:fields={}", names.join(",")),
        format!("{}; {}", values.join("; "), context()),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding_picks_setters_by_their_first_character() {
        let data = input::encode(&["http://a/", "", "7/x", "9frag", "", ":80"]);
        let p = Program::decode(&data);
        assert_eq!(p.url, "http://a/");
        assert_eq!(p.base, None);
        // ':' is '0' + 10, so it wraps to href.
        assert_eq!(
            p.steps,
            [
                (Attribute::Pathname, "/x".into()),
                (Attribute::Hash, "frag".into()),
                (Attribute::Href, "80".into())
            ]
        );
        assert_eq!(Program::step_field("port", "8080").as_deref(), Some("68080"));
    }

    #[test]
    fn agreeing_programs_find_nothing() {
        let steps = ["7/a b", "8q=1", "9h", "5EXAMPLE.com", "68080", "1ws", "2user", "3pw"];
        let mut fields = vec!["http://x/", ""];
        fields.extend(steps);
        assert_eq!(check(&input::encode(&fields)), Ok(vec![]));
    }

    #[test]
    fn a_difference_in_any_getter_is_a_finding_with_a_signature() {
        // Compare two different URLs, as if the parsers had disagreed.
        let reference = Url::parse("http://a/p?q", None).unwrap();
        let ada = ada_url::Url::parse("http://b/p", None).unwrap();
        let (signature, detail) = compare(&reference, &ada, "host", String::new).unwrap();
        assert_eq!(signature, "setters:host:fields=href,origin,host,hostname,search");
        assert!(detail.contains("hostname: reference \"a\", ada \"b\""), "{detail}");
        let ada_same = ada_url::Url::parse("http://a/p?q", None).unwrap();
        assert_eq!(compare(&reference, &ada_same, "host", String::new), None);
    }
}
