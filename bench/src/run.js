var __awaiter =
  (this && this.__awaiter) ||
  ((thisArg, _arguments, P, generator) => {
    function adopt(value) {
      return value instanceof P
        ? value
        : new P((resolve) => {
            resolve(value);
          });
    }
    return new (P || (P = Promise))((resolve, reject) => {
      function fulfilled(value) {
        try {
          step(generator.next(value));
        } catch (e) {
          reject(e);
        }
      }
      function rejected(value) {
        try {
          step(generator['throw'](value));
        } catch (e) {
          reject(e);
        }
      }
      function step(result) {
        result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected);
      }
      step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
  });
var __generator =
  (this && this.__generator) ||
  ((thisArg, body) => {
    var _ = {
        label: 0,
        sent: () => {
          if (t[0] & 1) throw t[1];
          return t[1];
        },
        trys: [],
        ops: [],
      },
      f,
      y,
      t,
      g = Object.create((typeof Iterator === 'function' ? Iterator : Object).prototype);
    return (
      (g.next = verb(0)),
      (g['throw'] = verb(1)),
      (g['return'] = verb(2)),
      typeof Symbol === 'function' &&
        (g[Symbol.iterator] = function () {
          return this;
        }),
      g
    );
    function verb(n) {
      return (v) => step([n, v]);
    }
    function step(op) {
      if (f) throw new TypeError('Generator is already executing.');
      while ((g && ((g = 0), op[0] && (_ = 0)), _))
        try {
          if (
            ((f = 1),
            y &&
              (t =
                op[0] & 2
                  ? y['return']
                  : op[0]
                    ? y['throw'] || ((t = y['return']) && t.call(y), 0)
                    : y.next) &&
              !(t = t.call(y, op[1])).done)
          )
            return t;
          if (((y = 0), t)) op = [op[0] & 2, t.value];
          switch (op[0]) {
            case 0:
            case 1:
              t = op;
              break;
            case 4:
              _.label++;
              return { value: op[1], done: false };
            case 5:
              _.label++;
              y = op[1];
              op = [0];
              continue;
            case 7:
              op = _.ops.pop();
              _.trys.pop();
              continue;
            default:
              if (!((t = _.trys), (t = t.length > 0 && t[t.length - 1])) && (op[0] === 6 || op[0] === 2)) {
                _ = 0;
                continue;
              }
              if (op[0] === 3 && (!t || (op[1] > t[0] && op[1] < t[3]))) {
                _.label = op[1];
                break;
              }
              if (op[0] === 6 && _.label < t[1]) {
                _.label = t[1];
                t = op;
                break;
              }
              if (t && _.label < t[2]) {
                _.label = t[2];
                _.ops.push(op);
                break;
              }
              if (t[2]) _.ops.pop();
              _.trys.pop();
              continue;
          }
          op = body.call(thisArg, _);
        } catch (e) {
          op = [6, e];
          y = 0;
        } finally {
          f = t = 0;
        }
      if (op[0] & 5) throw op[1];
      return { value: op[0] ? op[1] : void 0, done: true };
    }
  });
var _a;
Object.defineProperty(exports, '__esModule', { value: true });
var node_fs_1 = require('node:fs');
var node_path_1 = require('node:path');
var node_url_1 = require('node:url');
var contract_1 = require('@console/contract');
var console_process_ts_1 = require('./console-process.ts');
var load_ts_1 = require('./load.ts');
var here = (0, node_url_1.fileURLToPath)(new URL('.', import.meta.url));
var SECONDS = Number((_a = process.env.BENCH_SECONDS) !== null && _a !== void 0 ? _a : 5);
function signIn(base) {
  return __awaiter(this, void 0, void 0, function () {
    var response, cookie;
    var _a;
    var _b;
    return __generator(this, (_c) => {
      switch (_c.label) {
        case 0:
          return [
            4 /*yield*/,
            fetch(''.concat(base, '/api/auth/sign-in'), {
              method: 'POST',
              headers:
                ((_a = { 'content-type': 'application/json' }), (_a[contract_1.CSRF_HEADER] = '1'), _a),
              body: JSON.stringify({ email: 'agent@demo.test', password: 'demo-agent' }),
            }),
          ];
        case 1:
          response = _c.sent();
          cookie =
            (_b = response.headers.get('set-cookie')) === null || _b === void 0 ? void 0 : _b.split(';')[0];
          if (!response.ok || !cookie) throw new Error('sign-in failed: '.concat(response.status));
          return [2 /*return*/, cookie];
      }
    });
  });
}
function token(sandbox) {
  return __awaiter(this, void 0, void 0, function () {
    var response, _a, _b;
    return __generator(this, (_c) => {
      switch (_c.label) {
        case 0:
          return [
            4 /*yield*/,
            fetch(''.concat(sandbox, '/v3/auth/tokens'), {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                grant_type: 'client_credentials',
                client_id: 'cid_test_demo',
                client_secret: 'sk_test_demo',
                scope: 'flights:read',
              }),
            }),
          ];
        case 1:
          response = _c.sent();
          _b = (_a = contract_1.TokenResponseSchema).parse;
          return [4 /*yield*/, response.json()];
        case 2:
          return [2 /*return*/, _b.apply(_a, [_c.sent()]).access_token];
      }
    });
  });
}
var ms = (n) => ''.concat(n.toFixed(2), ' ms');
var rps = (n) => ''.concat(Math.round(n).toLocaleString('en-US'), ' req/s');
function main() {
  return __awaiter(this, void 0, void 0, function () {
    var started,
      app,
      results,
      cookie,
      bearer,
      path,
      direct,
      viaBff,
      rows,
      latency,
      _i,
      _a,
      connections,
      d,
      b,
      entry,
      width,
      _b,
      rows_1,
      row,
      out;
    var _c, _d;
    return __generator(this, (_e) => {
      switch (_e.label) {
        case 0:
          started = new Date().toISOString();
          return [4 /*yield*/, (0, console_process_ts_1.startConsole)(3300, 4310)];
        case 1:
          app = _e.sent();
          _c = { started: started };
          _d = {};
          return [4 /*yield*/, Promise.resolve().then(() => require('node:os'))];
        case 2:
          results =
            ((_c.machine = ((_d.cpus = _e.sent().cpus().length), (_d.node = process.version), _d)), _c);
          _e.label = 3;
        case 3:
          _e.trys.push([3, , 13, 15]);
          return [4 /*yield*/, signIn(app.base)];
        case 4:
          cookie = _e.sent();
          return [4 /*yield*/, token(app.sandbox)];
        case 5:
          bearer = _e.sent();
          path = 'flights/places?query=lon&limit=8';
          direct = {
            url: ''.concat(app.sandbox, '/v3/').concat(path),
            headers: { authorization: 'Bearer '.concat(bearer) },
          };
          viaBff = { url: ''.concat(app.base, '/api/').concat(path), headers: { cookie: cookie } };
          // Warm both paths: JIT, token cache, keep-alive pools.
          return [
            4 /*yield*/,
            (0, load_ts_1.load)(direct.url, { connections: 10, seconds: 2, headers: direct.headers }),
          ];
        case 6:
          // Warm both paths: JIT, token cache, keep-alive pools.
          _e.sent();
          return [
            4 /*yield*/,
            (0, load_ts_1.load)(viaBff.url, { connections: 10, seconds: 2, headers: viaBff.headers }),
          ];
        case 7:
          _e.sent();
          rows = [];
          latency = {};
          (_i = 0), (_a = [10, 50]);
          _e.label = 8;
        case 8:
          if (!(_i < _a.length)) return [3 /*break*/, 12];
          connections = _a[_i];
          return [
            4 /*yield*/,
            (0, load_ts_1.load)(direct.url, {
              connections: connections,
              seconds: SECONDS,
              headers: direct.headers,
            }),
          ];
        case 9:
          d = _e.sent();
          return [
            4 /*yield*/,
            (0, load_ts_1.load)(viaBff.url, {
              connections: connections,
              seconds: SECONDS,
              headers: viaBff.headers,
            }),
          ];
        case 10:
          b = _e.sent();
          entry = {
            connections: connections,
            direct: d,
            bff: b,
            added_p50_ms: b.p50 - d.p50,
            added_p99_ms: b.p99 - d.p99,
            throughput_ratio: b.throughput / d.throughput,
          };
          latency['c'.concat(connections)] = entry;
          rows.push(
            {
              figure: 'direct p50 / p99 @'.concat(connections),
              value: ''.concat(ms(d.p50), ' / ').concat(ms(d.p99)),
              target: '',
            },
            {
              figure: 'via BFF p50 / p99 @'.concat(connections),
              value: ''.concat(ms(b.p50), ' / ').concat(ms(b.p99)),
              target: '',
            },
            {
              figure: 'BFF added p50 @'.concat(connections),
              value: ms(entry.added_p50_ms),
              target: '<= 1 ms',
            },
            {
              figure: 'BFF added p99 @'.concat(connections),
              value: ms(entry.added_p99_ms),
              target: '<= 5 ms',
            },
            {
              figure: 'throughput direct / BFF @'.concat(connections),
              value: ''
                .concat(rps(d.throughput), ' / ')
                .concat(rps(b.throughput), ' (')
                .concat(entry.throughput_ratio.toFixed(2), 'x)'),
              target: '>= 0.5x',
            },
            {
              figure: 'errors direct / BFF @'.concat(connections),
              value: ''.concat(d.errors, ' / ').concat(b.errors),
              target: '0',
            },
          );
          _e.label = 11;
        case 11:
          _i++;
          return [3 /*break*/, 8];
        case 12:
          results.bff_latency = latency;
          console.log(
            '\nBFF added latency (GET '.concat(path, ', ').concat(SECONDS, ' s per run, closed loop)\n'),
          );
          width = Math.max.apply(
            Math,
            rows.map((r) => String(r.figure).length),
          );
          for (_b = 0, rows_1 = rows; _b < rows_1.length; _b++) {
            row = rows_1[_b];
            console.log(
              ''
                .concat(String(row.figure).padEnd(width), '  ')
                .concat(String(row.value).padEnd(44), '  ')
                .concat(row.target),
            );
          }
          return [3 /*break*/, 15];
        case 13:
          return [4 /*yield*/, app.stop()];
        case 14:
          _e.sent();
          return [7 /*endfinally*/];
        case 15:
          out = (0, node_path_1.resolve)(here, '../results');
          (0, node_fs_1.mkdirSync)(out, { recursive: true });
          (0, node_fs_1.writeFileSync)(
            (0, node_path_1.join)(out, 'bench.json'),
            ''.concat(JSON.stringify(results, null, 2), '\n'),
          );
          console.log('\nWritten to bench/results/bench.json');
          return [2 /*return*/];
      }
    });
  });
}
await main();
