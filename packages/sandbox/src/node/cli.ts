import { parseArgs } from 'node:util';
import { startSandboxServer } from './server.ts';

const HELP = `marketkit-sandbox — the Marketkit services host, seeded and stateful

Usage: marketkit-sandbox [options]

  --port N               port to listen on (default 4010; 0 = any free port)
  --host HOST            interface (default 127.0.0.1)
  --data DIR             keep state in DIR/state.json (written atomically); in memory without it
  --reset                start from the seed, discarding saved state
  --access-token-ttl S   access-token lifetime in seconds (default 300)
  --refresh-reuse-window S
                         seconds a refresh token just rotated away may still be used (default 30;
                         0 ends the session on any reuse)
  --otp CODE|random      OTP of every challenge (default 123456); codes are always printed
  --latency MS           delay every contract call by MS milliseconds
  --public-origin URL    origin to put in gateway URLs (default: the one each request used)
  --max-body-bytes N     largest request body accepted (default 4194304 = 4 MiB); larger ones get 413
  --control-api          answer the control API (/__sandbox/*); off by default (403), for tests and
                         local development only
  --control-host NAME    a host name the control API also answers under (repeatable; the loopback's
                         names always are), e.g. a container's service name
  --verbose              log every request
  --help                 this text

Control API (test-only, with --control-api): GET /__sandbox, POST /__sandbox/reset,
GET|PUT|POST|DELETE /__sandbox/faults, POST /__sandbox/expire-tokens, GET|POST /__sandbox/clock, GET /__sandbox/otp?destination=,
POST /__sandbox/orders/{id}/status.`;

/** The `marketkit-sandbox` command. */
export async function main(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      reset: { type: 'boolean' },
      'access-token-ttl': { type: 'string' },
      'refresh-reuse-window': { type: 'string' },
      'max-body-bytes': { type: 'string' },
      'control-api': { type: 'boolean' },
      'control-host': { type: 'string', multiple: true },
      otp: { type: 'string' },
      latency: { type: 'string' },
      'public-origin': { type: 'string' },
      verbose: { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const number = (name: string, value: string | undefined, min: number) => {
    if (value === undefined) return undefined;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min)
      throw new Error(`--${name} must be an integer ≥ ${min}, got ${value}`);
    return parsed;
  };
  if (values.otp !== undefined && values.otp !== 'random' && !/^[0-9]{6}$/.test(values.otp))
    throw new Error('--otp must be six digits or "random"');
  const server = await startSandboxServer({
    ...(values.port !== undefined ? { port: number('port', values.port, 0) } : {}),
    ...(values.host ? { host: values.host } : {}),
    ...(values.data ? { dataDir: values.data } : {}),
    reset: values.reset ?? false,
    ...(values['access-token-ttl'] !== undefined
      ? { accessTokenTtlSeconds: number('access-token-ttl', values['access-token-ttl'], 1) }
      : {}),
    ...(values['refresh-reuse-window'] !== undefined
      ? { refreshReuseWindowSeconds: number('refresh-reuse-window', values['refresh-reuse-window'], 0) }
      : {}),
    ...(values['max-body-bytes'] !== undefined
      ? { maxBodyBytes: number('max-body-bytes', values['max-body-bytes'], 1) }
      : {}),
    controlApi: values['control-api'] ?? false,
    ...(values['control-host'] ? { controlHosts: values['control-host'] } : {}),
    ...(values.otp ? { otp: values.otp } : {}),
    ...(values.latency !== undefined ? { latencyMs: number('latency', values.latency, 0) } : {}),
    ...(values['public-origin'] ? { publicOrigin: values['public-origin'] } : {}),
    verbose: values.verbose ?? false,
  });
  console.log(
    `marketkit-sandbox listening on ${server.url} (${values.data ? `state in ${values.data}` : 'state in memory'}; control API ${values['control-api'] ? 'on' : 'off'})`,
  );
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
