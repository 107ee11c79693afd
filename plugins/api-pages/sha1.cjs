/**
 * Stands in for crypto-js in the API theme's storage-utils (see index.ts), which uses only
 * SHA1(message).toString(): crypto-js's SHA-1 alone, instead of the whole library (every
 * cipher and hash, about 30 KB gzip on each operation page).
 */
'use strict';

module.exports = {SHA1: require('crypto-js/sha1')};
