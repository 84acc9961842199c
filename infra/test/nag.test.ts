import { mkdtempSync, writeFileSync } from 'node:fs';
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
// The SPA upload (two BucketDeployments and CDK's own upload function) is part of what `cdk deploy`
// builds: a built SPA folder makes the app include it, as `npm run deploy` does after `build:web`.
const webDist = mkdtempSync(join(tmpdir(), 'storyloom-nag-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Storyloom</title>');
await defineStoryloomApp(app, {
  routes,
  worker: [worker, mediaWorker],
  env: { CDK_DEFAULT_REGION: 'eu-west-1', CDK_DEFAULT_ACCOUNT: '123456789012' },
  webDist,
});
const result = runNag(app);

describe('cdk-nag AwsSolutions', () => {
  it('checks the app as cdk deploy builds it, the SPA upload included', () => {
    const types = new Set<string>();
    const visit = (c: import('constructs').IConstruct) => {
      const cfn = c as { cfnResourceType?: string };
      if (cfn.cfnResourceType) types.add(cfn.cfnResourceType);
      for (const child of c.node.children) visit(child);
    };
    visit(app);
    expect(types).toContain('Custom::CDKBucketDeployment');
  });

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
