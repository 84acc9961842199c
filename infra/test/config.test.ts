import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SES_FROM_ADDRESS, readConfig, SYNTH_ONLY_STAGE } from '../lib/config.ts';

const read = (context: Record<string, unknown>, env: NodeJS.ProcessEnv = {}) =>
  readConfig(new App({ context }).node, env);

describe('readConfig', () => {
  it('defaults to the dev stage and local adapters (with a real sender)', () => {
    expect(read({ sesFromAddress: 'hello@storyloom.app' })).toEqual({
      stage: 'dev',
      appDomain: undefined,
      certificateArn: undefined,
      sesFromAddress: 'hello@storyloom.app',
      contactToAddress: 'hello@storyloom.app',
      createSesIdentity: false,
      elevenLabsSecretName: undefined,
      openAiSecretName: undefined,
      sesDomain: undefined,
      alarmEmail: undefined,
      waf: true,
      userPoolWaf: true,
      existingSesIdentity: false,
      cloudFrontLogs: true,
      originVerifyVersion: undefined,
    });
  });

  it('refuses a placeholder sender for every stage but the synth-only one', () => {
    expect(() => read({})).toThrow(/placeholder/);
    expect(() => read({ stage: 'prod', sesFromAddress: 'me@example.org' })).toThrow(/placeholder/);
    expect(() => read({ sesFromAddress: 'me@storyloom.test' })).toThrow(/placeholder/);
    expect(read({ stage: SYNTH_ONLY_STAGE }).sesFromAddress).toBe(DEFAULT_SES_FROM_ADDRESS);
  });

  it('checks at synth that the certificate is in us-east-1', () => {
    const base = { sesFromAddress: 'hello@storyloom.app', appDomain: 'stories.storyloom.app' };
    expect(() => read({ ...base, certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/x' })).toThrow(
      /us-east-1/,
    );
    expect(read({ ...base, certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x' }).appDomain).toBe(
      'stories.storyloom.app',
    );
  });

  it('takes context over STORYLOOM_* environment variables', () => {
    const config = read(
      { stage: 'prod', createSesIdentity: 'true' },
      { STORYLOOM_STAGE: 'test', STORYLOOM_SES_FROM_ADDRESS: 'hello@storyloom.app' },
    );
    expect(config).toMatchObject({
      stage: 'prod',
      sesFromAddress: 'hello@storyloom.app',
      contactToAddress: 'hello@storyloom.app',
      createSesIdentity: true,
    });
  });

  it('rejects settings that would fail at deploy time', () => {
    expect(() => read({ stage: 'Prod_1' })).toThrow(/stage/);
    expect(() => read({ appDomain: 'storyloom.app' })).toThrow(/certificateArn/);
    expect(() => read({ contactToAddress: 'nobody' })).toThrow(/contactToAddress/);
    expect(() => read({ sesFromAddress: 'hello@storyloom.app', alarmEmail: 'ops' })).toThrow(/alarmEmail/);
  });
});
