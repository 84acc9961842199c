import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mediaWorker, routes, worker } from '@storyloom/functions/routes';
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { defineStoryloomApp } from '../lib/app.ts';
import { acknowledgementSummary, runNag } from '../lib/nag.ts';
import { TEST_SENDER } from './synth.ts';

/**
 * cdk-nag AwsSolutions over the whole app as a production operator would deploy it: prod stage, a
 * region other than us-east-1 (so the cross-region edge stack is checked too), custom domain, mail
 * domain, alarms by mail and both provider secrets.
 */
const app = new App({
  context: {
    stage: 'prod',
    sesFromAddress: TEST_SENDER,
    sesDomain: 'storyloom.app',
    alarmEmail: 'ops@storyloom.app',
    appDomain: 'stories.storyloom.app',
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abcd-1234',
    elevenLabsSecretName: 'storyloom/elevenlabs',
    openAiSecretName: 'storyloom/openai',
    'aws:cdk:bundling-stacks': [],
    // CDK's built-in CloudFormation template checks fail synth instead of warning (see the last test).
    '@aws-cdk/core:validateAgainstDefaultRules': true,
  },
  outdir: mkdtempSync(join(tmpdir(), 'storyloom-nag-')),
});
await defineStoryloomApp(app, {
  routes,
  worker: [worker, mediaWorker],
  env: { CDK_DEFAULT_REGION: 'eu-west-1', CDK_DEFAULT_ACCOUNT: '123456789012' },
});
const result = runNag(app);

describe('cdk-nag AwsSolutions', () => {
  it('leaves no finding that is neither fixed nor acknowledged with a reason', () => {
    expect(result.unacknowledged.map((f) => `${f.rule} at ${f.path}`)).toEqual([]);
  });

  it('gives every acknowledgement a written reason, and lists them by rule', () => {
    for (const finding of result.acknowledged) expect(finding.reason.length, finding.rule).toBeGreaterThan(20);
    const summary = acknowledgementSummary(result);
    // The closing report's list: rule, findings covered, reasons.
    console.log(
      `cdk-nag AwsSolutions acknowledgements (${result.acknowledged.length} findings):\n${summary
        .map((s) => `  ${s.rule} x${s.findings}: ${s.reasons.join(' | ')}`)
        .join('\n')}`,
    );
    expect(summary.map((s) => s.rule)).not.toContain('AwsSolutions-IAM4');
  });

  it("passes CloudFormation's own template checks (property patterns and types) at synth", () => {
    expect(() => app.synth()).not.toThrow();
  });
});
