import { routes } from '@storyloom/functions/routes';
import { describe, expect, it } from 'vitest';
import { synth } from './synth.ts';

/** The providers in the CDK app (docs/voice.md, docs/interactive.md): budgets and the permanent-error alarm. */
const app = await synth(routes);

describe('providers', () => {
  it('alarms when OpenAI refuses the answerer for good', () => {
    const alarms = Object.values(app.root.findResources('AWS::CloudWatch::Alarm')).map((a) => a.Properties);
    const alarm = alarms.find((p) => p.MetricName === 'ProviderPermanentErrors');
    expect(alarm).toMatchObject({
      Namespace: 'Storyloom',
      Dimensions: [{ Name: 'provider', Value: 'openai' }],
      Statistic: 'Sum',
      Threshold: 0,
    });
    expect(JSON.stringify(alarm?.AlarmActions)).toMatch(/AlarmTopic/);
  });

  it('gives the question routes time for the answerer and the speech budget, not the worker retry policy', () => {
    // functions/src/adapters/answerer/select.ts (ANSWERER_TIMEOUT_MS) and voice/provider.ts (ANSWER_SPEECH_BUDGET_MS).
    const answererMs = 4000;
    const speechMs = 6000;
    const questions = routes.filter((r) => r.path.includes('/interactive/question/'));
    expect(questions).toHaveLength(2);
    for (const route of questions) {
      const seconds = route.timeoutSeconds ?? 10;
      expect(seconds * 1000).toBeGreaterThanOrEqual(answererMs + speechMs + 2000);
      // Under API Gateway's 30 s: the listener gets an answer, never a gateway time-out.
      expect(seconds).toBeLessThanOrEqual(29);
    }
    // Nothing in the question functions' environment turns the narration's retries on.
    const fns = app.nested.flatMap((t) => Object.values(t.findResources('AWS::Lambda::Function')));
    const asking = fns.filter((f) => String(f.Properties.Description).includes('/interactive/question/'));
    expect(asking).toHaveLength(2);
    for (const fn of asking) {
      const env = JSON.stringify(fn.Properties.Environment ?? {});
      expect(env).not.toMatch(/ELEVENLABS_ATTEMPTS|ELEVENLABS_TIMEOUT|ELEVENLABS_MODEL_ID/);
    }
  });
});
