<?php
// The php-parse-url oracle: PHP's parse_url as an RFC-model record (host: the worker
// protocol's runtimes/php/host.php). parse_url cannot resolve: a case with a base gets no opinion.
//
// The record is urldiff_parse_url_record's (runtimes/php/parse_url_record.php, shared with
// php-filter-var, which says how parse_url's keys map onto it); false is a failure.

function urldiff_version(): string
{
    return 'PHP ' . PHP_VERSION . ' parse_url';
}

function urldiff_answer(string $kind, string $input, ?string $base)
{
    if ($base !== null) {
        return null; // parse_url cannot resolve a reference: no opinion
    }
    $parts = parse_url($input);
    if ($parts === false) {
        return 'parse_url returned false';
    }
    return urldiff_parse_url_record($parts);
}
