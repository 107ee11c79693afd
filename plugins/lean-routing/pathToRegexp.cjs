/**
 * path-to-regexp 1.x for react-router, faster for the site's routes. React Router matches a URL
 * by trying each route in turn, compiling each route's path to a regular expression the
 * first time (and the browser compiling that expression on its first use). Docusaurus puts
 * ~480 routes in one list, in path order, so loading a page under /reference compiled a few
 * hundred expressions before hydration could start. Every route path here is a plain string
 * (no parameters, groups or wildcards): for those, a matcher that compares strings and
 * answers `exec` exactly as the compiled expression would (same match, same trailing-slash
 * and case rules, for `end`, `strict` and `sensitive`) stands in for the expression. Any
 * other path, and any URL with non-ASCII characters, goes to the real path-to-regexp.
 * Plain CommonJS, as the package it replaces.
 */
'use strict';

const original = require('path-to-regexp/index.js');

/** No escapes, parameters, groups or wildcards: path-to-regexp would produce one literal token. */
const STATIC_PATH = /^[\x20-\x7e]*$/;
const TOKEN_START = /[\\:(*]/;

function literalMatcher(path, keys, options) {
  const strict = Boolean(options.strict);
  const end = options.end !== false;
  const sensitive = Boolean(options.sensitive);
  const delimiter = options.delimiter || '/';
  const endsWithDelimiter = path.endsWith(delimiter);
  // Non-strict: a trailing delimiter in the path is dropped and one is allowed at the very end.
  const literal = !strict && endsWithDelimiter ? path.slice(0, -delimiter.length) : path;
  const fold = sensitive ? (text) => text : (text) => text.toLowerCase();
  const wanted = fold(literal);
  let fallback;
  return {
    keys,
    exec(input) {
      input = String(input);
      if (!/^[\x00-\x7f]*$/.test(input)) {
        fallback = fallback || original(path, [], options);
        return fallback.exec(input);
      }
      if (fold(input.slice(0, literal.length)) !== wanted) return null;
      let matched = input.slice(0, literal.length);
      let rest = input.slice(literal.length);
      if (!strict && rest === delimiter) {
        matched += delimiter;
        rest = '';
      }
      if (end) return rest === '' ? [matched] : null;
      if (strict && endsWithDelimiter) return [matched];
      return rest === '' || rest.startsWith(delimiter) ? [matched] : null;
    },
  };
}

function pathToRegexp(path, keys, options) {
  if (!Array.isArray(keys)) {
    options = keys || options;
    keys = [];
  }
  options = options || {};
  if (typeof path !== 'string' || path === '' || !STATIC_PATH.test(path) || TOKEN_START.test(path)) return original(path, keys, options);
  return literalMatcher(path, keys, options);
}

module.exports = pathToRegexp;
module.exports.parse = original.parse;
module.exports.compile = original.compile;
module.exports.tokensToFunction = original.tokensToFunction;
module.exports.tokensToRegExp = original.tokensToRegExp;
