//! The states of the basic URL parser, one per spec state, with their spec anchors and names.
//! <https://url.spec.whatwg.org/#concept-basic-url-parser>

/// The states of the basic URL parser, named as in the spec.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum State {
    /// <https://url.spec.whatwg.org/#scheme-start-state>
    SchemeStart,
    /// <https://url.spec.whatwg.org/#scheme-state>
    Scheme,
    /// <https://url.spec.whatwg.org/#no-scheme-state>
    NoScheme,
    /// <https://url.spec.whatwg.org/#special-relative-or-authority-state>
    SpecialRelativeOrAuthority,
    /// <https://url.spec.whatwg.org/#path-or-authority-state>
    PathOrAuthority,
    /// <https://url.spec.whatwg.org/#relative-state>
    Relative,
    /// <https://url.spec.whatwg.org/#relative-slash-state>
    RelativeSlash,
    /// <https://url.spec.whatwg.org/#special-authority-slashes-state>
    SpecialAuthoritySlashes,
    /// <https://url.spec.whatwg.org/#special-authority-ignore-slashes-state>
    SpecialAuthorityIgnoreSlashes,
    /// <https://url.spec.whatwg.org/#authority-state>
    Authority,
    /// <https://url.spec.whatwg.org/#host-state>
    Host,
    /// <https://url.spec.whatwg.org/#hostname-state>
    Hostname,
    /// <https://url.spec.whatwg.org/#port-state>
    Port,
    /// <https://url.spec.whatwg.org/#file-state>
    File,
    /// <https://url.spec.whatwg.org/#file-slash-state>
    FileSlash,
    /// <https://url.spec.whatwg.org/#file-host-state>
    FileHost,
    /// <https://url.spec.whatwg.org/#path-start-state>
    PathStart,
    /// <https://url.spec.whatwg.org/#path-state>
    Path,
    /// <https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state>
    OpaquePath,
    /// <https://url.spec.whatwg.org/#query-state>
    Query,
    /// <https://url.spec.whatwg.org/#fragment-state>
    Fragment,
}

impl State {
    /// Every state, in the spec's order.
    pub const ALL: [State; 21] = [
        State::SchemeStart,
        State::Scheme,
        State::NoScheme,
        State::SpecialRelativeOrAuthority,
        State::PathOrAuthority,
        State::Relative,
        State::RelativeSlash,
        State::SpecialAuthoritySlashes,
        State::SpecialAuthorityIgnoreSlashes,
        State::Authority,
        State::Host,
        State::Hostname,
        State::Port,
        State::File,
        State::FileSlash,
        State::FileHost,
        State::PathStart,
        State::Path,
        State::OpaquePath,
        State::Query,
        State::Fragment,
    ];

    /// The spec's anchor for this state (`port-state`): <https://url.spec.whatwg.org/#port-state>.
    pub fn anchor(self) -> &'static str {
        match self {
            State::SchemeStart => "scheme-start-state",
            State::Scheme => "scheme-state",
            State::NoScheme => "no-scheme-state",
            State::SpecialRelativeOrAuthority => "special-relative-or-authority-state",
            State::PathOrAuthority => "path-or-authority-state",
            State::Relative => "relative-state",
            State::RelativeSlash => "relative-slash-state",
            State::SpecialAuthoritySlashes => "special-authority-slashes-state",
            State::SpecialAuthorityIgnoreSlashes => "special-authority-ignore-slashes-state",
            State::Authority => "authority-state",
            State::Host => "host-state",
            State::Hostname => "hostname-state",
            State::Port => "port-state",
            State::File => "file-state",
            State::FileSlash => "file-slash-state",
            State::FileHost => "file-host-state",
            State::PathStart => "path-start-state",
            State::Path => "path-state",
            State::OpaquePath => "cannot-be-a-base-url-path-state",
            State::Query => "query-state",
            State::Fragment => "fragment-state",
        }
    }

    /// The state's name as the spec writes it (`port state`, `opaque path state`): its
    /// anchor with spaces, but for the opaque path state, which keeps its old anchor.
    pub fn spec_name(self) -> String {
        match self {
            State::OpaquePath => "opaque path state".to_owned(),
            _ => self.anchor().replace('-', " "),
        }
    }
}
