import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag's AwsSolutions pack (infra/test/nag.test.ts runs it; `cdk synth -c nag=true` too), with one
 * difference: an acknowledgement names a rule (`AwsSolutions-IAM5`) and, optionally, a pattern the
 * finding must match (a RegExp on the finding id), instead of the exact finding id
 * (`AwsSolutions-IAM5[Resource::<token>/users/*]`), which carries CloudFormation logical ids and would
 * break on every rename. The reason next to the acknowledgement says what it covers.
 */
export class StoryloomNagChecks extends AwsSolutionsChecks {
  constructor(
    scope?: IConstruct,
    private readonly honourAcknowledgements = true,
  ) {
    super(scope, { verbose: false });
    const self = this as unknown as { isAcknowledged: (resource: IConstruct, ruleId: string) => boolean };
    self.isAcknowledged = (resource, ruleId) =>
      this.honourAcknowledgements && acknowledgementsOn(resource).some((ack) => covers(ack, ruleId));
  }
}

const covers = (ack: Acknowledgement, ruleId: string) =>
  (ruleId === ack.rule || ruleId.startsWith(`${ack.rule}[`)) && (!ack.appliesTo || ack.appliesTo.test(ruleId));

export interface Acknowledgement {
  /** Where it was made (a construct path). */
  path: string;
  rule: string;
  reason: string;
  /** Only findings whose id matches (e.g. the resource in an IAM5 finding). */
  appliesTo?: RegExp;
}

const registry = new WeakMap<IConstruct, Acknowledgement[]>();

/**
 * Acknowledges a cdk-nag rule on a construct and everything below it, with the written reason
 * (shown in the closing report). Keep it next to the construct it is about.
 */
export function acknowledge(
  scope: IConstruct,
  rule: `AwsSolutions-${string}`,
  reason: string,
  appliesTo?: RegExp,
): void {
  registry.set(scope, [...(registry.get(scope) ?? []), { path: scope.node.path, rule, reason, appliesTo }]);
  // Also CDK's own record, for the audit trail cdk-nag can write into the template metadata.
  if (!appliesTo) Validations.of(scope).acknowledge({ id: rule, reason });
}

/** The acknowledgements on a construct and its ancestors. */
function acknowledgementsOn(resource: IConstruct): Acknowledgement[] {
  const found: Acknowledgement[] = [];
  for (let current: IConstruct | undefined = resource; current; current = current.node.scope) {
    found.push(...(registry.get(current) ?? []));
  }
  return found;
}

export interface NagFinding {
  rule: string;
  path: string;
  severity: string;
  description: string;
}

export interface NagResult {
  /** Findings neither fixed nor acknowledged: must be none. */
  unacknowledged: NagFinding[];
  /** Findings covered by an acknowledgement, with the reason that covers each. */
  acknowledged: (NagFinding & { reason: string; acknowledgedAt: string })[];
}

/** Runs AwsSolutions over a construct tree (an app or a stack) and splits the findings. */
export function runNag(scope: IConstruct): NagResult {
  const flatten = (report: ReturnType<AwsSolutionsChecks['validateScope']>): NagFinding[] =>
    report.violations.flatMap((v) =>
      v.violatingResources.map((r) => ({
        rule: v.ruleName,
        path: r.constructPath ?? '',
        severity: v.severity ?? 'error',
        description: v.description,
      })),
    );
  const all = flatten(new StoryloomNagChecks(scope, false).validateScope(scope));
  const unacknowledged = flatten(new StoryloomNagChecks(scope, true).validateScope(scope));
  const open = new Set(unacknowledged.map((f) => `${f.rule} ${f.path}`));
  const byPath = new Map<string, IConstruct>();
  const index = (c: IConstruct) => {
    byPath.set(c.node.path, c);
    for (const child of c.node.children) index(child);
  };
  index(scope);
  const acknowledged = all
    .filter((f) => !open.has(`${f.rule} ${f.path}`))
    .map((f) => {
      const construct = byPath.get(f.path);
      const ack = construct && acknowledgementsOn(construct).find((a) => covers(a, f.rule));
      return { ...f, reason: ack?.reason ?? '?', acknowledgedAt: ack?.path ?? '?' };
    });
  return { unacknowledged, acknowledged };
}

/** `AwsSolutions-IAM5[Resource::…]` -> `AwsSolutions-IAM5`. */
export const ruleOf = (id: string) => id.replace(/\[.*$/, '');

/** Acknowledged findings counted by rule, with each distinct reason: the list the closing report prints. */
export function acknowledgementSummary(result: NagResult): { rule: string; findings: number; reasons: string[] }[] {
  const rules = new Map<string, { findings: number; reasons: Set<string> }>();
  for (const finding of result.acknowledged) {
    const entry = rules.get(ruleOf(finding.rule)) ?? { findings: 0, reasons: new Set<string>() };
    entry.findings += 1;
    entry.reasons.add(finding.reason);
    rules.set(ruleOf(finding.rule), entry);
  }
  return [...rules]
    .map(([rule, { findings, reasons }]) => ({ rule, findings, reasons: [...reasons] }))
    .sort((a, b) => a.rule.localeCompare(b.rule, 'en', { numeric: true }));
}
