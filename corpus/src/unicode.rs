//! Unicode versions: of the IDNA data urldiff's sources were made from, how to probe a
//! parser's, and the differences that version skew explains. Every test and ledger that meets
//! such a difference refers here, so each fact is recorded once.
//!
//! How the versions were established:
//! - WPT's `IdnaTestV2.json` in the pinned ada-url 4.0.0 package is Unicode **17.0**: the file
//!   does not say, but it expects U+32B9A (CJK Extension J, new in 17.0) to be valid
//!   (`"\u{32B9A}9ꍩ៓.ss"` → `xn--9-i0j5967eg3qz.ss`) and U+3E8AC (the Seal block, new in
//!   18.0) to be disallowed as unassigned. `tests` below checks both entries.
//! - The `idna` 1.1 crate maps with ICU4X 2.4 data: `icu_normalizer_data` 2.4.0 says "This
//!   data was generated with CLDR version 49.0.0, Unicode version 18.0.0"; `build.rs` reads
//!   that sentence from the package, so [`icu4x_data`] follows the linked version.
//! - The probe code points ([`PROBES`]) and their versions were cross-checked on this machine:
//!   Java 17 (Unicode 13.0) defines U+30000 but not U+16A70; Python 3.11's `unicodedata`
//!   (14.0.0) assigns U+16A70 but not U+31350; Node 20's ICU (Unicode 17.0) assigns U+32B9A but
//!   not U+3E8AC; the reference parser (ICU4X, 18.0) accepts every one of them as a host.

/// One code point first assigned in each Unicode version, each a letter (`Lo`) that UTS #46
/// keeps valid from then on. A parser that accepts `http://<probe>/` has IDNA data at least
/// that new; [`probe`] climbs the list.
pub const PROBES: &[(&str, char)] = &[
    ("13.0", '\u{30000}'), // CJK Unified Ideographs Extension G
    ("14.0", '\u{16A70}'), // Tangsa
    ("15.0", '\u{31350}'), // CJK Unified Ideographs Extension H
    ("15.1", '\u{2EBF0}'), // CJK Unified Ideographs Extension I
    ("16.0", '\u{13461}'), // Egyptian Hieroglyphs Extended-A
    ("17.0", '\u{32B9A}'), // CJK Unified Ideographs Extension J
    ("18.0", '\u{3E8AC}'), // Seal
];

/// The variable that hands [`PROBES`] to workers (`13.0:30000,14.0:16A70,…`, hex code
/// points), so that they can probe their own parser the same way.
pub const PROBES_VAR: &str = "URLDIFF_UNICODE_PROBES";

/// [`PROBES`] as the value of [`PROBES_VAR`].
pub fn probes_env() -> String {
    let probes: Vec<String> =
        PROBES.iter().map(|(version, c)| format!("{version}:{:X}", u32::from(*c))).collect();
    probes.join(",")
}

/// The newest version whose probe `accepts`, or `None` when it accepts none.
pub fn probe(accepts: impl Fn(char) -> bool) -> Option<&'static str> {
    PROBES.iter().rev().find(|(_, c)| accepts(*c)).map(|(version, _)| *version)
}

/// The Unicode version of WPT's IdnaTestV2.json in the embedded ada-url package.
pub const WPT_IDNA_UNICODE: &str = "17.0";

/// (ICU4X data version, its Unicode version) behind the `idna` crate, read at build time.
pub fn icu4x_data() -> Option<(&'static str, &'static str)> {
    crate::embedded::ICU4X_DATA.ok()
}

/// A WPT IDNA expectation that an up-to-date parser fails because its data is newer than the
/// data WPT's file was generated from.
#[derive(Clone, Copy, Debug)]
pub struct Skew {
    pub code_point: char,
    /// The Unicode version that assigned the code point, and its block.
    pub assigned_in: &'static str,
    pub block: &'static str,
    /// The WPT file and its inputs that meet it.
    pub file: &'static str,
    pub inputs: &'static [&'static str],
}

impl Skew {
    /// Why the difference is expected, with both versions.
    pub fn reason(&self) -> String {
        let (icu4x, unicode) = icu4x_data().unwrap_or(("(unknown)", "(unknown)"));
        format!(
            "U+{:04X} is assigned in Unicode {} ({} block); WPT's {} was generated from Unicode \
             {WPT_IDNA_UNICODE}, where it is unassigned and so disallowed (UTS #46 V7), while the \
             idna crate's ICU4X {icu4x} data is Unicode {unicode}: version skew, not a parser bug",
            u32::from(self.code_point),
            self.assigned_in,
            self.block,
            self.file,
        )
    }
}

/// Every known version skew in the WPT data: U+3E8AC, met by two IdnaTestV2 inputs (the third
/// label precomposed, and in conjoining jamo).
pub const SKEWS: &[Skew] = &[Skew {
    code_point: '\u{3E8AC}',
    assigned_in: "18.0",
    block: "Seal, U+3D000..U+3FC3F",
    file: "IdnaTestV2.json",
    inputs: &[
        "\u{3E8AC}\u{3002}\u{729}\u{3002}\u{CBD9}5",
        "\u{3E8AC}\u{3002}\u{729}\u{3002}\u{110D}\u{1173}\u{11AC}5",
    ],
}];

#[cfg(test)]
mod tests {
    use super::*;

    /// The evidence for [`WPT_IDNA_UNICODE`], and that the skewed inputs are in the file.
    #[test]
    fn the_embedded_idna_test_file_is_unicode_17() {
        let data = crate::wpt::embedded().expect("embedded WPT data");
        let (json, _) = crate::usv_json::parse(&data.read("IdnaTestV2.json").unwrap()).unwrap();
        let output = |input: &str| {
            let entries = json.as_array().unwrap();
            let entry = entries.iter().find(|e| e["input"] == input);
            entry.unwrap_or_else(|| panic!("no entry {input:?}"))["output"].clone()
        };
        // New in 17.0: valid.
        assert_eq!(output("\u{32B9A}9\u{A369}\u{17D3}.ss"), "xn--9-i0j5967eg3qz.ss");
        // New in 18.0: disallowed.
        for input in SKEWS[0].inputs {
            assert!(output(input).is_null(), "{input:?}");
        }
    }

    #[test]
    fn the_icu4x_data_version_is_read_from_the_package() {
        let (icu4x, unicode) = icu4x_data().expect("found at build time");
        assert!(icu4x.starts_with("2."), "{icu4x}");
        assert!(unicode.split('.').all(|n| n.parse::<u32>().is_ok()), "{unicode}");
        let reason = SKEWS[0].reason();
        assert!(reason.contains("U+3E8AC is assigned in Unicode 18.0 (Seal"), "{reason}");
        assert!(reason.contains(&format!("ICU4X {icu4x} data is Unicode {unicode}")), "{reason}");
    }

    #[test]
    fn probes_climb_to_the_newest_accepted_version() {
        let up_to_15_1 = |c: char| PROBES[..4].iter().any(|(_, p)| *p == c);
        assert_eq!(probe(up_to_15_1), Some("15.1"));
        assert_eq!(probe(|_| false), None);
        assert!(probes_env().starts_with("13.0:30000,14.0:16A70,"));
    }
}
