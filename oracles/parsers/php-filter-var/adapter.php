<?php
// The php-filter-var oracle: PHP's filter_var($input, FILTER_VALIDATE_URL) as a verdict
// (host: the worker protocol's runtimes/php/host.php). A URL it rejects is a failure; one it
// accepts is parsed, with parse_url's record (the filter splits with the same parser;
// runtimes/php/parse_url_record.php) as evidence. Only the verdict and the scheme are
// compared (oracle.json's "fields"): the filter returns the URL or false, no components, and
// parse_url's split is always server-based where RFC 2396 reads a registry-based authority
// (`http://a@b@c/`), which is parse_url's model, held to its own profile by the php-parse-url
// oracle. A case with a base gets no opinion.

function urldiff_version(): string
{
    return 'PHP ' . PHP_VERSION . ' filter_var FILTER_VALIDATE_URL';
}

function urldiff_answer(string $kind, string $input, ?string $base)
{
    if ($base !== null) {
        return null; // filter_var validates a URL alone: no opinion on a reference
    }
    if (filter_var($input, FILTER_VALIDATE_URL) === false) {
        return 'filter_var FILTER_VALIDATE_URL returned false';
    }
    $parts = parse_url($input);
    if ($parts === false) {
        return 'parse_url returned false (after filter_var accepted the URL)';
    }
    return urldiff_parse_url_record($parts);
}
