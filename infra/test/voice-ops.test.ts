import { routes } from '@storyloom/functions/routes';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { VOICE_PROVIDER_PROBLEMS } from '../lib/constructs/voice-provider-ops.ts';
import { synth } from './synth.ts';

const app = await synth(routes);

describe('voice provider operations', () => {
  it('puts the hourly sweep job on the media-jobs queue', () => {
    app.root.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 hour)',
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('MediaJobs'), 'Arn'] },
          Input: JSON.stringify({ type: 'voice.sweep-provider-voices' }),
        }),
      ],
    });
  });

  it('alarms to the alarm topic on each provider state, at its first occurrence', () => {
    for (const problem of Object.keys(VOICE_PROVIDER_PROBLEMS)) {
      app.root.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'Storyloom',
        MetricName: 'VoiceProviderProblem',
        Dimensions: [{ Name: 'problem', Value: problem }],
        Threshold: 0,
        AlarmActions: [{ Ref: Match.stringLikeRegexp('AlarmTopic') }],
      });
    }
    expect(Object.keys(VOICE_PROVIDER_PROBLEMS)).toHaveLength(3);
  });
});
