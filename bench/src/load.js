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
Object.defineProperty(exports, '__esModule', { value: true });
exports.load = load;
var undici_1 = require('undici');
function percentile(sorted, p) {
  var _a;
  if (sorted.length === 0) return Number.NaN;
  var index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return (_a = sorted[Math.max(0, index)]) !== null && _a !== void 0 ? _a : Number.NaN;
}
/**
 * Closed-loop load: `connections` workers, each sending the next request as soon as the last answered, over a
 * keep-alive pool of that many connections, for `seconds`. Latency from hrtime, in milliseconds.
 */
function load(url, options) {
  return __awaiter(this, void 0, void 0, function () {
    var agent, latencies, errors, started, stopAt, worker, seconds, sorted;
    return __generator(this, (_a) => {
      switch (_a.label) {
        case 0:
          agent = new undici_1.Agent({
            connections: options.connections,
            keepAliveTimeout: 30000,
            pipelining: 1,
          });
          latencies = [];
          errors = 0;
          started = performance.now();
          stopAt = started + options.seconds * 1000;
          worker = () =>
            __awaiter(this, void 0, void 0, function () {
              var t0, response, _a;
              return __generator(this, (_b) => {
                switch (_b.label) {
                  case 0:
                    if (!(performance.now() < stopAt)) return [3 /*break*/, 6];
                    t0 = process.hrtime.bigint();
                    _b.label = 1;
                  case 1:
                    _b.trys.push([1, 4, , 5]);
                    return [
                      4 /*yield*/,
                      (0, undici_1.request)(url, { dispatcher: agent, headers: options.headers }),
                    ];
                  case 2:
                    response = _b.sent();
                    return [4 /*yield*/, response.body.arrayBuffer()];
                  case 3:
                    _b.sent();
                    if (response.statusCode !== 200) errors += 1;
                    return [3 /*break*/, 5];
                  case 4:
                    _a = _b.sent();
                    errors += 1;
                    return [3 /*break*/, 5];
                  case 5:
                    latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
                    return [3 /*break*/, 0];
                  case 6:
                    return [2 /*return*/];
                }
              });
            });
          return [4 /*yield*/, Promise.all(Array.from({ length: options.connections }, worker))];
        case 1:
          _a.sent();
          seconds = (performance.now() - started) / 1000;
          return [4 /*yield*/, agent.close()];
        case 2:
          _a.sent();
          sorted = Float64Array.from(latencies).sort();
          return [
            2 /*return*/,
            {
              requests: latencies.length,
              errors: errors,
              seconds: seconds,
              throughput: latencies.length / seconds,
              p50: percentile(sorted, 50),
              p99: percentile(sorted, 99),
            },
          ];
      }
    });
  });
}
