/**
 * The bench's payment provider: the local provider sandbox (modules/payments/sandbox) in a
 * process of its own, as Paystack and Flutterwave are elsewhere in production, so that the
 * bench server's event loop does only Steward's work. The bench server is configured with the
 * sandbox's keys and address (PAYSTACK_* and FLUTTERWAVE_*: the adapters speak HTTP to it as to
 * the real APIs). Reads the keys from BENCH_SANDBOX_SECRETS (JSON of SandboxSecrets); prints
 * `listening <port>` once it accepts connections; stops on SIGTERM. No webhooks are sent (the
 * bench's givers never pay).
 */
import { startSandbox, type SandboxSecrets } from '../src/modules/payments/sandbox/server.ts';

async function main(): Promise<void> {
  const secrets = JSON.parse(process.env.BENCH_SANDBOX_SECRETS ?? '{}') as Partial<SandboxSecrets>;
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', secrets, webhookMode: 'none' });
  process.on('SIGTERM', () => {
    void sandbox.close().then(() => process.exit(0));
  });
  console.log(`listening ${sandbox.port}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
