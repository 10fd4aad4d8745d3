//! The runs dashboard and its files, on fixture runs folders made here
//! (`docs/campaign-layout.md`): a conform run, a running campaign, one whose process is gone,
//! one whose status went stale, a finished one, a broken status, a history without status;
//! folders too deep or behind a symbolic link are not campaigns. Then the file endpoint: every
//! way out of the runs folder (`..`, encoded `..`, absolute paths, backslashes, a symbolic
//! link to a file or a folder outside) is refused, and a secret outside is never served. And
//! a runs folder of missing, partial, malformed and linked-out files, shown as such.

mod serve_support;

use serde_json::{json, Value};
use serve_support::*;

#[test]
fn the_dashboard_shows_the_conform_run_and_every_campaign() {
    let top = tempfile::tempdir().unwrap();
    let (runs, _) = fixture(top.path());
    let server = start_default(config(&runs));

    let api = get(server.addr, "/api/runs").json();
    let conform = &api["conform"]["summary"];
    assert_eq!(conform["verdict"], json!("FAIL"));
    assert_eq!(
        (conform["unexpected"].clone(), conform["ledgered"].clone()),
        (json!(1), json!(108))
    );
    assert_eq!(conform["suites"], json!(12));
    let campaigns = api["campaigns"].as_array().unwrap();
    let ids: Vec<&str> = campaigns.iter().map(|c| c["id"].as_str().unwrap()).collect();
    // The running one first, then by path; not `a/b/c` (three levels down), not `linked` (a
    // symbolic link out of the folder).
    assert_eq!(ids, ["fuzz", "broken", "done", "history-only", "nightly/old", "stale"]);
    let by_id = |id: &str| campaigns.iter().find(|c| c["id"] == id).unwrap();
    let states: Vec<&Value> = ids.iter().map(|id| &by_id(id)["state"]).collect();
    assert_eq!(
        states,
        [
            &json!("running"),
            &Value::Null,
            &json!("finished"),
            &Value::Null,
            &json!("interrupted"),
            &json!("interrupted")
        ]
    );
    assert!(by_id("nightly/old")["interrupted_because"].as_str().unwrap().ends_with("is gone"));
    let stale = by_id("stale")["interrupted_because"].as_str().unwrap().to_owned();
    assert!(
        stale.starts_with("status.json was last updated 6") && stale.ends_with("(more than 60 s)"),
        "{stale}"
    );
    assert!(by_id("broken")["status_problem"].as_str().unwrap().starts_with("not JSON"));
    let fuzz = by_id("fuzz");
    assert_eq!(fuzz["status"]["execs_per_sec"], json!(4100.5));
    assert_eq!(fuzz["history"].as_array().unwrap().len(), 3);
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(runs.join("fuzz/report.json")).unwrap())
            .unwrap();
    let groups = report["groups"].as_array().unwrap();
    assert!(!groups.is_empty());
    assert_eq!(fuzz["findings"].as_array().unwrap().len(), groups.len());
    assert_eq!(fuzz["findings"][0]["input"], groups[0]["example"]["input"]);
    let hrefs: Vec<&str> =
        fuzz["files"].as_array().unwrap().iter().map(|f| f["href"].as_str().unwrap()).collect();
    assert_eq!(
        hrefs,
        [
            "/runs/file/fuzz/report.html",
            "/runs/file/fuzz/report.md",
            "/runs/file/fuzz/report.json",
            "/runs/file/fuzz/history.jsonl",
            "/runs/file/fuzz/status.json",
        ]
    );

    let page = get(server.addr, "/runs");
    assert_eq!(page.status, 200);
    let html = &page.body;
    assert!(html.contains("<meta http-equiv=\"refresh\""), "a running campaign refreshes the page");
    for id in &ids {
        assert!(html.contains(&format!("data-campaign=\"{id}\"")), "{id}");
    }
    assert!(
        html.contains("state-interrupted")
            && html.contains("state-running")
            && html.contains("state-finished")
    );
    assert!(html.contains(">4100.5<") && html.contains(">8 h 0 min<") && html.contains(">5321<"));
    // The history plot, inline, with the classes; the odd class name escaped.
    assert!(html.contains("<svg") && html.contains("backslash-confusion"));
    assert!(html.contains("&lt;b&gt;odd&lt;/b&gt;") && !html.contains("<b>odd"));
    // The unexpected divergence, its hostile input as text; the matrix.
    assert!(html.contains("Unexpected divergences (1)"));
    assert!(html.contains("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(!html.contains("<script"), "the dashboard has no script at all");
    assert!(html.contains("class=\"matrix\""));

    // The files, as they are, and the conform report rendered again.
    let file = get(server.addr, "/runs/file/fuzz/report.json");
    assert_eq!(file.status, 200);
    assert_eq!(file.body, std::fs::read_to_string(runs.join("fuzz/report.json")).unwrap());
    let html_report = get(server.addr, "/runs/file/fuzz/report.html");
    assert!(html_report.header("content-security-policy").starts_with("sandbox"));
    assert_eq!(
        get(server.addr, "/runs/file/fuzz/report.md").header("content-type"),
        "text/markdown; charset=utf-8"
    );
    let conform = get(server.addr, "/runs/conform");
    assert_eq!(conform.status, 200);
    assert!(conform.body.contains("urldiff conform: <span class=\"verdict-FAIL\">FAIL</span>"));
    assert!(conform.header("content-security-policy").starts_with("sandbox"));
}

#[test]
fn report_paths_cannot_escape_the_runs_folder() {
    let top = tempfile::tempdir().unwrap();
    let (runs, outside) = fixture(top.path());
    let server = start_default(config(&runs));
    let absolute = outside.join("secret.json");
    let absolute = absolute.to_str().unwrap();
    for (target, status) in [
        ("/runs/file/../outside/secret.json".to_owned(), 400),
        ("/runs/file/fuzz/../../outside/secret.json".to_owned(), 400),
        ("/runs/file/%2e%2e/outside/secret.json".to_owned(), 400),
        ("/runs/file/%2E%2E%2Foutside%2Fsecret.json".to_owned(), 400),
        ("/runs/file/fuzz/%2e%2e%5c%2e%2e%5coutside%5csecret.json".to_owned(), 400),
        (format!("/runs/file/{absolute}"), 400),
        (format!("/runs/file/{}", absolute.replace('/', "%2F")), 400),
        ("/runs/file/leak.json".to_owned(), 403),
        ("/runs/file/linked/secret.json".to_owned(), 403),
        ("/runs/file/nothing.json".to_owned(), 404),
        ("/runs/file/fuzz".to_owned(), 404),
        ("/runs/file/fuzz/report.json/".to_owned(), 400),
    ] {
        let (got, body) = raw_get(server.addr, &target);
        assert_eq!(got, status, "{target}: {body}");
        assert!(!body.contains("SECRET"), "{target} served the secret");
        assert!(body.contains("\"error\""), "{target}: {body}");
    }
    let (got, body) = raw_get(server.addr, "/runs/file/fuzz/report.md");
    assert_eq!((got, body.as_str()), (200, "# findings\n"));
}

/// Every file of the layout missing, partial or malformed, and links out of the runs folder:
/// each campaign is still listed, with what is wrong with its files, and nothing is a 500.
#[test]
fn partial_and_malformed_files_are_shown_as_such() {
    let top = tempfile::tempdir().unwrap();
    let (runs, outside) = (top.path().join("runs"), top.path().join("outside"));
    let put = |rel: &str, text: &str| {
        let path = runs.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    std::fs::create_dir_all(&outside).unwrap();
    let secret_status =
        format!(r#"{{"schema_version": 1, "state": "finished", "targets": ["{SECRET}"]}}"#);
    std::fs::write(outside.join("status.json"), &secret_status).unwrap();
    std::fs::write(outside.join("secret.json"), SECRET).unwrap();
    put("conform/run.json", "{\"schema_version\": 1, \"suites\": [");
    put("partial/status.json", r#"{"schema_version": 1, "state": "finished"}"#);
    put("wrong-types/status.json", r#"{"schema_version": 1, "state": "running", "execs": "lots"}"#);
    put("future/status.json", r#"{"schema_version": 2, "state": "warping"}"#);
    put("empty/status.json", "");
    std::fs::create_dir_all(runs.join("a-folder/status.json")).unwrap();
    put("a-folder/history.jsonl", "{\"date\": \n");
    put(
        "bad-history/history.jsonl",
        "{\"date\": \"2026-11-20T06:00:00Z\", \"groups\": 3}\nnot json\n{\"date\": 5}\n\n\
         {\"date\": \"2026-11-21T06:00:00Z\", \"groups\": 4, \"groups_per_class\": {\"host-confusion\": 4}}\n",
    );
    put("bad-report/status.json", r#"{"schema_version": 1, "state": "finished"}"#);
    put("bad-report/report.json", r#"{"groups": "nope"}"#);
    put("counted/status.json", r#"{"schema_version": 1, "state": "finished"}"#);
    for file in [
        "findings/differential/a1.json",
        "findings/differential/b2.json",
        "findings/structured/c3.json",
        "crashes/differential/crash-9f",
    ] {
        put(&format!("counted/{file}"), "{}");
    }
    std::fs::create_dir_all(runs.join("sneaky")).unwrap();
    std::os::unix::fs::symlink(outside.join("status.json"), runs.join("sneaky/status.json"))
        .unwrap();
    std::os::unix::fs::symlink(outside.join("secret.json"), runs.join("sneaky/report.json"))
        .unwrap();
    std::os::unix::fs::symlink(
        outside.join("secret.json"),
        runs.join("counted/findings/differential/z.json"),
    )
    .unwrap();
    let server = start_default(config(&runs));

    let api = get(server.addr, "/api/runs");
    assert_eq!(api.status, 200);
    assert!(!api.body.contains("SECRET"), "a link out of the runs folder was read: {}", api.body);
    let api = api.json();
    assert!(
        api["conform"]["problem"].as_str().unwrap().starts_with("not JSON"),
        "{}",
        api["conform"]
    );
    let campaigns = api["campaigns"].as_array().unwrap();
    let ids: Vec<&str> = campaigns.iter().map(|c| c["id"].as_str().unwrap()).collect();
    assert_eq!(
        ids,
        [
            "a-folder",
            "bad-history",
            "bad-report",
            "counted",
            "empty",
            "future",
            "partial",
            "sneaky",
            "wrong-types"
        ]
    );
    let by_id = |id: &str| campaigns.iter().find(|c| c["id"] == id).unwrap();
    let problem = |id: &str| by_id(id)["status_problem"].as_str().unwrap_or("").to_owned();
    assert_eq!(
        (by_id("partial")["state"].clone(), by_id("partial")["status"]["execs"].clone()),
        (json!("finished"), json!(0))
    );
    assert!(problem("partial").is_empty());
    assert!(
        problem("wrong-types").starts_with("not a campaign status: invalid type: string \"lots\""),
        "{}",
        problem("wrong-types")
    );
    assert_eq!(problem("future"), "schema_version 2; this urldiff reads version 1");
    assert!(problem("empty").starts_with("not JSON"));
    assert!(problem("a-folder").starts_with("cannot be read"), "{}", problem("a-folder"));
    assert_eq!(by_id("a-folder")["history_problems"].as_array().unwrap().len(), 1);
    let bad_history = by_id("bad-history");
    let dates: Vec<&str> = bad_history["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["date"].as_str().unwrap())
        .collect();
    assert_eq!(dates, ["2026-11-20T06:00:00Z", "2026-11-21T06:00:00Z"]);
    let skipped: Vec<&str> = bad_history["history_problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    assert!(
        skipped.len() == 2
            && skipped[0].starts_with("line 2: ")
            && skipped[1].starts_with("line 3: "),
        "{skipped:?}"
    );
    assert_eq!(by_id("bad-report")["findings"], Value::Null);
    assert!(by_id("bad-report")["findings_problem"].as_str().is_some_and(|p| !p.is_empty()));
    assert!(problem("sneaky").contains("out of the runs folder"), "{}", problem("sneaky"));
    assert!(by_id("sneaky")["findings_problem"]
        .as_str()
        .unwrap()
        .contains("out of the runs folder"));
    assert_eq!(by_id("sneaky")["files"], json!([]), "no link to a file outside");
    assert_eq!(
        (by_id("counted")["signature_files"].clone(), by_id("counted")["crash_files"].clone()),
        (
            json!([{"target": "differential", "files": 2}, {"target": "structured", "files": 1}]),
            json!([{"target": "differential", "files": 1}])
        ),
        "the link in findings/differential/ is not counted"
    );

    let page = get(server.addr, "/runs");
    assert_eq!(page.status, 200);
    let html = &page.body;
    assert!(!html.contains("SECRET"));
    for id in &ids {
        assert!(html.contains(&format!("data-campaign=\"{id}\"")), "{id}");
    }
    assert!(html.contains("conform/run.json: not JSON"));
    assert!(html.contains("status unreadable") && html.contains("history only"));
    assert!(html.contains("history.jsonl: 2 line(s) skipped: line 2: "));
    assert!(html.contains("differential <b>2</b> · structured <b>1</b>"));
    assert!(html.contains("No finished campaign in history.jsonl yet"));
    assert_eq!(raw_get(server.addr, "/runs/conform").0, 404);

    // No runs folder at all: an empty dashboard, not an error.
    let server = start_default(config(&top.path().join("nothing-here")));
    let api = get(server.addr, "/api/runs");
    assert_eq!(api.status, 200);
    assert_eq!(api.json()["conform"]["problem"], json!("not written yet"));
    assert_eq!(api.json()["campaigns"], json!([]));
    assert_eq!(get(server.addr, "/runs").status, 200);
}
