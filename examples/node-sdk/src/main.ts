#!/usr/bin/env node
// `node dist/main.js --host http://127.0.0.1:4010 --store demo --quantity 2`: runs the shopper's visit
// and prints it. The credentials come from MARKETKIT_USERNAME / MARKETKIT_PASSWORD (the sandbox's
// seeded shopper when unset); a device verification takes its code from MARKETKIT_OTP, else asks for
// it on a terminal.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import type { DeviceVerification } from '@marketkit/sdk';
import { formatReport, runShopperJourney } from './shopper-journey.ts';

/** The code of a device verification: MARKETKIT_OTP, else typed on the terminal. */
async function askCode(verification: DeviceVerification): Promise<string> {
  const fromEnvironment = process.env.MARKETKIT_OTP?.trim();
  if (fromEnvironment) return fromEnvironment;
  if (!process.stdin.isTTY)
    throw new Error(
      `Sign-in needs a device verification (code sent to ${verification.masked_destination}): set MARKETKIT_OTP`,
    );
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await prompt.question(`Code sent to ${verification.masked_destination}: `)).trim();
  } finally {
    prompt.close();
  }
}

async function main(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string', default: process.env.MARKETKIT_SERVICES_HOST ?? 'http://127.0.0.1:4010' },
      store: { type: 'string', default: 'demo' },
      quantity: { type: 'string', default: '1' },
    },
  });
  const quantity = Number(values.quantity);
  if (!Number.isInteger(quantity) || quantity < 1)
    throw new Error('--quantity takes a whole number of 1 or more');
  const report = await runShopperJourney({
    servicesHost: values.host,
    store: values.store,
    username: process.env.MARKETKIT_USERNAME ?? 'shopper@example.com',
    password: process.env.MARKETKIT_PASSWORD ?? 'Password123',
    quantity,
    askCode,
  });
  process.stdout.write(`${formatReport(report)}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
