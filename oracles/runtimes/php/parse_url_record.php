<?php
// The RFC-model record of parse_url's array, shared by the PHP adapters (php-parse-url,
// php-filter-var); the host (host.php) loads it before the adapter.
//
// parse_url's keys map onto the record: scheme, user[":" pass] (userinfo), host, port (an
// int: PHP drops an empty port and leading zeros), path ("" when absent), query and fragment
// (absent is undefined: PHP 8 tells an empty query or fragment from none). PHP returns no
// authority: it is rebuilt as [userinfo "@"] host [":" port] when there is a host. PHP gives no
// host both for an empty authority and for none ("file:///x", "file:/x"), so a path starting
// with "/" without a host reports the authority "" (empty-or-undefined).

function urldiff_parse_url_record(array $parts): array
{
    $userinfo = null;
    if (isset($parts['user']) || isset($parts['pass'])) {
        $userinfo = ($parts['user'] ?? '') . (isset($parts['pass']) ? ':' . $parts['pass'] : '');
    }
    $port = isset($parts['port']) ? (string) $parts['port'] : null;
    $path = $parts['path'] ?? '';
    $authority = null;
    if (isset($parts['host'])) {
        $authority = ($userinfo === null ? '' : $userinfo . '@') . $parts['host']
            . ($port === null ? '' : ':' . $port);
    } elseif ($userinfo === null && $port === null && str_starts_with($path, '/')) {
        $authority = '';
    }
    return [
        'scheme' => $parts['scheme'] ?? null,
        'authority' => $authority,
        'userinfo' => $userinfo,
        'host' => $parts['host'] ?? ($authority === '' ? '' : null),
        'port' => $port,
        'path' => $path,
        'query' => $parts['query'] ?? null,
        'fragment' => $parts['fragment'] ?? null,
        'resolved' => null,
    ];
}
