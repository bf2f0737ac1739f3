var __assign =
  (this && this.__assign) ||
  function () {
    __assign =
      Object.assign ||
      function (t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
          s = arguments[i];
          for (var p in s) if (Object.hasOwn(s, p)) t[p] = s[p];
        }
        return t;
      };
    return __assign.apply(this, arguments);
  };
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
exports.startConsole = startConsole;
exports.rssMiB = rssMiB;
var node_child_process_1 = require('node:child_process');
var node_fs_1 = require('node:fs');
var node_os_1 = require('node:os');
var node_path_1 = require('node:path');
var node_url_1 = require('node:url');
var root = (0, node_path_1.resolve)((0, node_url_1.fileURLToPath)(new URL('.', import.meta.url)), '../..');
/** Starts the console (BFF + embedded sandbox) as its own process, as `pnpm start` runs it. */
function startConsole(port, sandboxPort) {
  return __awaiter(this, void 0, void 0, function () {
    var dir, child, base, deadline, response, _a;
    var _b;
    return __generator(this, (_c) => {
      switch (_c.label) {
        case 0:
          dir = (0, node_fs_1.mkdtempSync)((0, node_path_1.join)((0, node_os_1.tmpdir)(), 'console-bench-'));
          child = (0, node_child_process_1.spawn)(
            process.execPath,
            ['--import', 'tsx', (0, node_path_1.join)(root, 'apps/bff/src/index.ts')],
            {
              cwd: (0, node_path_1.join)(root, 'apps/bff'),
              env: __assign(__assign({}, process.env), {
                PORT: String(port),
                HOST: '127.0.0.1',
                SANDBOX_PORT: String(sandboxPort),
                DATABASE_PATH: (0, node_path_1.join)(dir, 'console.db'),
                COOKIE_SECURE: 'false',
                SANDBOX_STREAM_INTERVAL_MS: '0',
              }),
              stdio: ['ignore', 'ignore', 'inherit'],
            },
          );
          base = 'http://127.0.0.1:'.concat(port);
          deadline = Date.now() + 60000;
          _c.label = 1;
        case 1:
          _c.trys.push([1, 3, , 4]);
          return [4 /*yield*/, fetch(''.concat(base, '/api/health'))];
        case 2:
          response = _c.sent();
          if (response.ok) return [3 /*break*/, 7];
          return [3 /*break*/, 4];
        case 3:
          _a = _c.sent();
          return [3 /*break*/, 4];
        case 4:
          if (Date.now() > deadline) throw new Error('the console did not start within 60 s');
          return [4 /*yield*/, new Promise((r) => setTimeout(r, 200))];
        case 5:
          _c.sent();
          _c.label = 6;
        case 6:
          return [3 /*break*/, 1];
        case 7:
          return [
            2 /*return*/,
            {
              base: base,
              sandbox: 'http://127.0.0.1:'.concat(sandboxPort),
              pid: (_b = child.pid) !== null && _b !== void 0 ? _b : 0,
              stop: () =>
                new Promise((done) => {
                  child.once('exit', () => done());
                  child.kill('SIGTERM');
                }),
            },
          ];
      }
    });
  });
}
/** Resident memory of a process, in MiB, from /proc. */
function rssMiB(pid) {
  return __awaiter(this, void 0, void 0, function () {
    var readFile, status, kb;
    var _a, _b;
    return __generator(this, (_c) => {
      switch (_c.label) {
        case 0:
          return [4 /*yield*/, Promise.resolve().then(() => require('node:fs/promises'))];
        case 1:
          readFile = _c.sent().readFile;
          return [4 /*yield*/, readFile('/proc/'.concat(pid, '/status'), 'utf8')];
        case 2:
          status = _c.sent();
          kb = Number(
            (_b = (_a = /VmRSS:\s+(\d+)/.exec(status)) === null || _a === void 0 ? void 0 : _a[1]) !== null &&
              _b !== void 0
              ? _b
              : 0,
          );
          return [2 /*return*/, kb / 1024];
      }
    });
  });
}
