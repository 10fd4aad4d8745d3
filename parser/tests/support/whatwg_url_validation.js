"use strict";
// whatwg-url's two notions of validity, for parser/tests/whatwg_url_agreement.rs.
//
//   node whatwg_url_validation.js <whatwg-url package folder>  < cases.jsonl  > answers.jsonl
//
// Each input line is {"input": "...", "base": "..." | null}; each output line, in the same order,
// is {"base_failed": true} when the base does not parse, else
// {"errors": [spec names, in order], "valid": isValidURLString(input, base)}.
// whatwg-url is run, never read: this only calls its exported API.

const fs = require("fs");
const path = require("path");

const whatwg = require(path.resolve(process.argv[2]));

function answer(line) {
  const { input, base } = JSON.parse(line);
  let baseURL = null;
  if (base !== null && base !== undefined) {
    baseURL = whatwg.basicURLParse(base);
    if (baseURL === null) return { base_failed: true };
  }
  const errors = whatwg.parseURLWithValidationErrors(input, { baseURL }).validationErrors;
  const valid = baseURL === null
    ? whatwg.isValidURLString(input)
    : whatwg.isValidURLString(input, { baseURL });
  return { errors, valid };
}

const lines = fs.readFileSync(0, "utf8").split("\n").filter(l => l.length > 0);
const out = lines.map(l => JSON.stringify(answer(l)));
process.stdout.write(out.join("\n") + "\n");
