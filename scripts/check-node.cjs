// Runs first in `npm start`, `serve`, `dev` and `test`. On a Node older than package.json's `engines`
// the tools fail somewhere deep (a dependency's syntax or API error, many lines of stack); this says
// in one line what to install instead. Plain ES5 CommonJS on purpose: any old Node parses and runs it.
'use strict';

var fs = require('fs');
var path = require('path');

var root = path.join(__dirname, '..');

function parseVersion(text) {
  var parts = String(text).trim().replace(/^v/, '').split('.');
  return [0, 1, 2].map(function (i) {
    var n = Number(parts[i] === undefined ? 0 : parts[i]);
    return isNaN(n) ? 0 : n;
  });
}

function compare(a, b) {
  for (var i = 0; i < 3; i += 1) {
    if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}

// engines in the two forms package.json uses: `^X.Y.Z` (up to the next major) and `>=X.Y.Z`, joined by `||`.
function parseRanges(engines) {
  return engines.split('||').map(function (part) {
    var text = part.trim();
    var match = /^(\^|>=)\s*(\d+(?:\.\d+){0,2})$/.exec(text);
    if (match === null) throw new Error('check-node: cannot read engines.node part "' + text + '" (only ^X.Y.Z and >=X.Y.Z)');
    var from = parseVersion(match[2]);
    return { from: from, below: match[1] === '^' ? [from[0] + 1, 0, 0] : null };
  });
}

function main() {
  var pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  var engines = pkg.engines.node;
  var wanted = fs.readFileSync(path.join(root, '.node-version'), 'utf8').trim();
  var current = parseVersion(process.versions.node);
  var ranges = parseRanges(engines);

  var inRange = ranges.some(function (r) {
    return compare(current, r.from) >= 0 && (r.below === null || compare(current, r.below) < 0);
  });
  if (inRange) return 0;

  var newerThanAll = ranges.every(function (r) {
    return r.below !== null && compare(current, r.below) >= 0;
  });
  if (newerThanAll) {
    // A newer line may well work; refusing it would only be in the way. Say it once and go on.
    console.error('Order Console is tested on Node ' + wanted + '; this is Node ' + process.version + ' (newer), going on.');
    return 0;
  }

  var event = process.env.npm_lifecycle_event;
  var command = event === 'start' || event === 'test' ? 'npm ' + event : event ? 'npm run ' + event : 'npm start';
  console.error(
    'Order Console needs Node ' + wanted + ' (package.json engines: ' + engines + '), this is Node ' + process.version +
      ': install it (nvm install ' + wanted + ', fnm install ' + wanted + ') or run `npx -y -p node@' + wanted + ' ' + command + '`.'
  );
  return 1;
}

process.exitCode = main();
