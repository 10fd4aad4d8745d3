//! `--table-oracle NAME=FILE`: an oracle answering from a urltestdata-format file (the one
//! table oracle, `urldiff_oracles::table`, over `urldiff_oracles::suites::read_urltestdata`);
//! the tests use it as a fake oracle.

use anyhow::bail;
use std::path::Path;
use urldiff_oracles::table::TableOracle;
use urldiff_oracles::{CaseKindTag, OracleInfo, OracleKind, RecordModel};

/// A fake oracle for tests, `--table-oracle NAME=FILE`: the one table oracle
/// ([`TableOracle`]) answering parse cases from a urltestdata-format file (no entry: no
/// opinion).
pub fn table_oracle(spec: &str) -> anyhow::Result<TableOracle> {
    let Some((name, file)) = spec.split_once('=') else {
        bail!("--table-oracle wants NAME=FILE, got {spec:?}");
    };
    let rows = urldiff_oracles::suites::read_urltestdata(Path::new(file))?;
    let info = OracleInfo {
        name: name.to_owned(),
        kind: OracleKind::ExpectationTable,
        version: format!("table {file}"),
        model: RecordModel::Whatwg,
        fields: RecordModel::Whatwg.field_names(),
        case_kinds: vec![CaseKindTag::Parse],
        unicode: None,
        claim: Default::default(),
    };
    Ok(TableOracle::new(info, Ok(rows)))
}
