import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SES_FROM_ADDRESS, readConfig } from '../lib/config.ts';

const read = (context: Record<string, unknown>, env: NodeJS.ProcessEnv = {}) =>
  readConfig(new App({ context }).node, env);

describe('readConfig', () => {
  it('defaults to the dev stage, the placeholder sender and local adapters', () => {
    expect(read({})).toEqual({
      stage: 'dev',
      appDomain: undefined,
      certificateArn: undefined,
      sesFromAddress: DEFAULT_SES_FROM_ADDRESS,
      contactToAddress: DEFAULT_SES_FROM_ADDRESS,
      createSesIdentity: false,
      elevenLabsSecretName: undefined,
      openAiSecretName: undefined,
    });
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
  });
});
