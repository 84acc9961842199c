import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mediaWorker, routes, worker } from '@storyloom/functions/routes';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { defineStoryloomApp } from '../lib/app.ts';
import { readConfig } from '../lib/config.ts';

/**
 * docs/deploy.md word for word: its settings (`export` lines) and every deploy, destroy and rotation
 * command, expanded by bash as a reader's shell would, then read by readConfig and synthesized
 * offline. The lines that call AWS (`$(aws …)`) are left out; what they print is set to a plausible value.
 */
const guide = readFileSync(new URL('../../docs/deploy.md', import.meta.url), 'utf8');
const shellBlocks = [...guide.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!.replace(/\\\n\s*/g, ' '));
const lines = shellBlocks.flatMap((block) => block.split('\n')).map((l) => l.trim());
const exports = lines.filter((l) => l.startsWith('export ') && !l.includes('$('));
const commands = lines.filter((l) => /^(npm run deploy --|npx cdk (deploy|destroy))/.test(l));

/** The arguments bash passes to the command, with the guide's settings (and what AWS would print). */
function argv(command: string): string[] {
  const script = [
    'set -eu',
    'ACCOUNT=123456789012',
    'VERSION=0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0',
    ...exports,
    `printf '%s\\0' ${command.replace(/^npm run deploy --|^npx cdk (deploy|destroy)/, '')}`,
  ].join('\n');
  return execFileSync('bash', ['-c', script], { encoding: 'utf8', env: { PATH: process.env.PATH } })
    .split('\0')
    .filter(Boolean);
}

function contextOf(args: string[]): Record<string, string> {
  const context: Record<string, string> = {};
  args.forEach((arg, i) => {
    if (arg !== '-c') return;
    const [key, ...value] = args[i + 1]!.split('=');
    context[key!] = value.join('=');
  });
  return context;
}

const region = /export AWS_REGION=(\S+)/.exec(guide)?.[1];

describe('docs/deploy.md, run as written', () => {
  it('has the settings and the commands this test reads', () => {
    expect(exports.map((l) => l.split('=')[0])).toEqual(
      expect.arrayContaining(['export AWS_REGION', 'export MAIL_DOMAIN', 'export SENDER', 'export ALARM_EMAIL']),
    );
    expect(commands.filter((c) => c.startsWith('npm run deploy')).length).toBeGreaterThanOrEqual(3);
    expect(commands.some((c) => c.startsWith('npx cdk destroy'))).toBe(true);
  });

  it('passes every command through readConfig: the Name <address> sender, the context keys, the region', () => {
    for (const command of commands) {
      const context = contextOf(argv(command));
      const config = readConfig(new App({ context }).node, {}, region);
      expect(config.stage, command).toBe('prod');
      expect(config.sesFromAddress).toBe('Storyloom <hello@stories.yourfamily.org>');
      if (context.sesDomain) expect(config.sesDomain).toBe('stories.yourfamily.org');
      if (context.originVerifyVersion) expect(config.originVerifyVersion).toBe('0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0');
    }
  });

  it("synthesizes production offline with the first deploy's command line", async () => {
    const first = commands.find((c) => c.startsWith('npm run deploy') && c.includes('--outputs-file'))!;
    const app = new App({ context: { ...contextOf(argv(first)), 'aws:cdk:bundling-stacks': [] } });
    const { stack, edgeStack, config } = await defineStoryloomApp(app, {
      routes,
      worker: [worker, mediaWorker],
      env: { CDK_DEFAULT_REGION: region, CDK_DEFAULT_ACCOUNT: '123456789012' },
    });
    expect(config.sesDomain).toBe('stories.yourfamily.org');
    expect(edgeStack?.region).toBe('us-east-1');
    const outputs = Object.keys(Template.fromStack(stack).findOutputs('*'));
    // Every output the guide names.
    for (const name of [
      'AppUrl',
      'DistributionDomainName',
      'HttpApiEndpoint',
      'UserPoolId',
      'TableName',
      'MailIdentity',
    ]) {
      expect(outputs, name).toContain(name);
      expect(guide).toContain(name);
    }
    expect(outputs.filter((o) => o.startsWith('DkimRecord'))).toHaveLength(3);
    expect(outputs).toContain('OriginVerifySecretArn');
  }, 120_000);

  it('refuses the impossible at synth with a clear message', () => {
    const read = (context: Record<string, string>, at?: string) => () => readConfig(new App({ context }).node, {}, at);
    const sender = { sesFromAddress: 'Storyloom <hello@stories.yourfamily.org>' };
    expect(read(sender, 'eu-south-1')).toThrow(/opt-in region.*cloudFrontLogs=false/);
    expect(read({ ...sender, cloudFrontLogs: 'false' }, 'eu-south-1')().cloudFrontLogs).toBe(false);
    expect(read({ ...sender, sesDomain: 'other.org' })).toThrow(/does not cover the sender/);
    expect(read({ ...sender, existingSesIdentity: 'true', sesDomain: 'stories.yourfamily.org' })).toThrow(
      /existingSesIdentity/,
    );
    expect(read({ sesFromAddress: 'Storyloom hello@x.org' })).toThrow(/not an email address/);
    expect(read({ ...sender, originVerifyVersion: 'latest' })).toThrow(/version id/);
  });
});
