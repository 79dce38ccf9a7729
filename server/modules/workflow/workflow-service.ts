import type { Kysely } from 'kysely';
import type { EntityRuntime } from '../../../engine/schema/registry';
import {
  availableTransitions,
  contentFields,
  differences,
  needsUpdate,
  planTransition,
  renderWorkflowTemplate,
  stateLabel,
  stateOf,
  type GuardData,
  type TransitionPlan,
} from '../../../engine/workflow/workflow';
import type { WorkflowDeclaration, WorkflowTransition } from '../../../engine/workflow/workflow-types';
import { htmlToPlainText } from '../../../engine/templates/html-to-plain-text';
import { message, notFound, type RequestContext } from '../../context';
import { HttpError } from '../../http/http-error';
import type { AppDatabase } from '../../db/tables';
import { recordToRow, rowToRecord, type ApiRecord } from '../../db/row-mapper';
import { afterCommit, inTransaction } from '../../db/transaction';
import { assertMay, assertModuleEnabled, entityOf } from '../../operations/entity-access';
import { loadRow, parsePk } from '../../operations/find-one';
import { searchColumnValues } from '../../operations/search-text';
import { cleanHtml } from '../../security/sanitize-html';
import { sendMail } from '../../mail/send-mail';
import { hooks } from '../../hooks/registry';

// The generic workflow operations (docs/directory.md "Workflows"): what a record's page shows
// (state, transitions for this caller, history, draft/published differences) and running a
// transition — rights on the server, state + published copy + history in one transaction, the
// mail after the commit.

export interface TransitionInput {
  /** The edited mail (only for a transition whose mail is editable). */
  mailSubject?: unknown;
  mailContent?: unknown;
  /** Run it without sending its mail. */
  noMail?: unknown;
}

function workflowOf(ctx: RequestContext, entity: EntityRuntime): WorkflowDeclaration {
  const wf = ctx.app.registry.workflows.get(entity.name);
  if (!wf) throw notFound(ctx);
  return wf;
}

function target(ctx: RequestContext, entityName: string) {
  const entity = entityOf(ctx, entityName);
  assertModuleEnabled(ctx, entity);
  return { entity, wf: workflowOf(ctx, entity) };
}

/** The published copy of a draft (null when it was never published or has no publication). */
export async function publishedCopy(
  db: Kysely<AppDatabase>,
  entity: EntityRuntime,
  wf: WorkflowDeclaration,
  draftPk: number,
): Promise<ApiRecord | null> {
  if (!wf.publication) return null;
  const row = await db
    .selectFrom(entity.schema['x-entity'].table as never)
    .selectAll()
    .where(entity.columnByProperty.get(wf.publication.draftLink)!.column as never, '=', draftPk as never)
    .where(
      entity.columnByProperty.get(wf.publication.versionField)!.column as never,
      '=',
      wf.publication.publishedValue as never,
    )
    .executeTakeFirst();
  return row ? rowToRecord(entity, row as Record<string, unknown>) : null;
}

/**
 * The version the public reads of a record of an entity with a published copy: the copy when the
 * record is a draft, the record itself when it is already the published row; null when nothing is
 * published. For the public pages (search, detail) of any such entity.
 */
export async function publicVersionOf(
  db: Kysely<AppDatabase>,
  registry: { workflows: Map<string, WorkflowDeclaration>; entities: Map<string, EntityRuntime> },
  entityName: string,
  record: ApiRecord,
): Promise<ApiRecord | null> {
  const wf = registry.workflows.get(entityName);
  const entity = registry.entities.get(entityName);
  if (!wf?.publication || !entity) return record;
  if (record[wf.publication.versionField] === wf.publication.publishedValue) return record;
  return publishedCopy(db, entity, wf, record.pk as number);
}

async function loadRecord(ctx: RequestContext, db: Kysely<AppDatabase>, entity: EntityRuntime, rawPk: unknown) {
  const pk = parsePk(rawPk);
  if (pk === null) throw notFound(ctx);
  const row = await loadRow(db, entity, pk);
  if (!row) throw notFound(ctx);
  const record = rowToRecord(entity, row);
  assertMay(ctx, entity, 'view', record);
  return { pk, record };
}

function assertDraft(ctx: RequestContext, wf: WorkflowDeclaration, record: ApiRecord): void {
  if (wf.publication && record[wf.publication.versionField] === wf.publication.publishedValue)
    throw new HttpError(400, 'workflow_published_copy', message(ctx.app, 'workflow.published_copy'));
}

async function guardData(
  ctx: RequestContext,
  db: Kysely<AppDatabase>,
  entity: EntityRuntime,
  wf: WorkflowDeclaration,
  record: ApiRecord,
): Promise<GuardData> {
  const published = await publishedCopy(db, entity, wf, record.pk as number);
  const fields = contentFields(wf, entity.schema.properties);
  return { user: ctx.user, record, published, differs: differences(fields, record, published).length > 0 };
}

async function userNames(db: Kysely<AppDatabase>, pks: number[]): Promise<Map<number, ApiRecord>> {
  if (!pks.length) return new Map();
  const rows = await db
    .selectFrom('account_user')
    .select(['pk', 'email', 'first_name', 'last_name'])
    .where('pk', 'in', pks)
    .execute();
  return new Map(
    rows.map((r) => [
      r.pk,
      {
        email: r.email ?? '',
        firstName: r.first_name ?? '',
        lastName: r.last_name ?? '',
        fullName: [r.first_name, r.last_name].filter(Boolean).join(' ') || (r.email ?? ''),
      },
    ]),
  );
}

function describeTransition(wf: WorkflowDeclaration, t: WorkflowTransition) {
  return {
    name: t.name,
    label: t.label,
    toState: t.to,
    toLabel: stateLabel(wf, t.to),
    mail: t.mail ? { editable: t.mail.editable } : null,
  };
}

/** What a record's page shows of its workflow, for this caller. */
export async function workflowView(ctx: RequestContext, entityName: string, rawPk: unknown) {
  const { entity, wf } = target(ctx, entityName);
  const db = ctx.app.database.db;
  const { pk, record } = await loadRecord(ctx, db, entity, rawPk);
  const isCopy = !!wf.publication && record[wf.publication.versionField] === wf.publication.publishedValue;
  const data = await guardData(ctx, db, entity, wf, record);
  const history = await db
    .selectFrom('workflow_history')
    .selectAll()
    .where('entity', '=', entity.name)
    .where('record_pk', '=', pk)
    .orderBy('created_at', 'desc')
    .orderBy('pk', 'desc')
    .execute();
  const names = await userNames(db, [...new Set(history.map((h) => h.actor).filter((a): a is number => a !== null))]);
  const fields = contentFields(wf, entity.schema.properties);
  const state = stateOf(wf, record);
  return {
    workflow: { name: wf.name, title: wf.title },
    state,
    stateLabel: stateLabel(wf, state),
    states: Object.entries(wf.states).map(([name, s]) => ({ name, label: s.label })),
    needsUpdate: needsUpdate(wf, record, new Date()),
    transitions: isCopy ? [] : availableTransitions(wf, data).map((t) => describeTransition(wf, t)),
    history: history.map((h) => ({
      date: h.created_at,
      transition: h.transition,
      transitionLabel: wf.transitions.find((t) => t.name === h.transition)?.label ?? h.transition,
      fromState: h.from_state,
      fromLabel: stateLabel(wf, h.from_state),
      toState: h.to_state,
      toLabel: stateLabel(wf, h.to_state),
      actor: h.actor,
      actorName: h.actor === null ? message(ctx.app, 'workflow.system_actor') : (names.get(h.actor)?.fullName ?? ''),
    })),
    publication:
      wf.publication && !isCopy
        ? {
            published: data.published,
            differences: differences(fields, record, data.published),
            fields: fields.map((f) => ({ name: f, title: entity.schema.properties[f]?.title ?? f })),
          }
        : null,
  };
}

function refuse(
  ctx: RequestContext,
  wf: WorkflowDeclaration,
  refused: { code: string; state?: string; message?: string },
) {
  switch (refused.code) {
    case 'unknown_transition':
      return notFound(ctx);
    case 'role':
      return new HttpError(403, 'workflow_role', message(ctx.app, 'workflow.role_not_allowed'));
    case 'state':
      return new HttpError(
        409,
        'workflow_state',
        message(ctx.app, 'workflow.wrong_state', { state: stateLabel(wf, refused.state ?? '') }),
      );
    default:
      return new HttpError(400, 'workflow_guard', refused.message ?? message(ctx.app, 'workflow.guard'));
  }
}

async function siteName(ctx: RequestContext): Promise<string> {
  const wl = ctx.whiteLabel.record as { siteTitle?: string; domain?: string } | null;
  return wl?.siteTitle || wl?.domain || 'Rénovation';
}

/** The mail a transition would send for this record (what the mail dialog opens with). */
export async function transitionMail(ctx: RequestContext, entityName: string, rawPk: unknown, name: string) {
  const { entity, wf } = target(ctx, entityName);
  const db = ctx.app.database.db;
  const { record } = await loadRecord(ctx, db, entity, rawPk);
  const data = await guardData(ctx, db, entity, wf, record);
  const planned = planTransition(wf, name, data, new Date());
  if ('refused' in planned) throw refuse(ctx, wf, planned.refused);
  const t = planned.plan.transition;
  if (!t.mail) return { mail: null };
  return { mail: { editable: t.mail.editable, ...(await renderMail(ctx, db, wf, t, record, planned.plan)) } };
}

async function renderMail(
  ctx: RequestContext,
  db: Kysely<AppDatabase>,
  wf: WorkflowDeclaration,
  t: WorkflowTransition,
  record: ApiRecord,
  plan: TransitionPlan,
) {
  const recipientPk = wf.recipient ? (record[wf.recipient.userField] as number | null) : null;
  const recipient = recipientPk ? (await userNames(db, [recipientPk])).get(recipientPk) : undefined;
  const data = {
    record,
    recipient: recipient ?? {},
    siteName: await siteName(ctx),
    state: stateLabel(wf, plan.toState),
    transition: t.label,
  };
  return {
    to: (recipient?.email as string | undefined) ?? '',
    subject: renderWorkflowTemplate(t.mail!.subject, data, 'text'),
    content: renderWorkflowTemplate(t.mail!.body, data, 'html'),
    siteName: data.siteName,
  };
}

function stored(entity: EntityRuntime): string[] {
  return entity.columns.filter((c) => !c.primaryKey && c.property !== '$extra').map((c) => c.property);
}

/** Copies the draft into its published row (created the first time), or removes that row. */
async function applyPublication(
  db: Kysely<AppDatabase>,
  entity: EntityRuntime,
  wf: WorkflowDeclaration,
  draft: ApiRecord,
  mode: 'copy' | 'withdraw',
  now: string,
): Promise<void> {
  const pub = wf.publication!;
  const table = entity.schema['x-entity'].table;
  const existing = await publishedCopy(db, entity, wf, draft.pk as number);
  if (mode === 'withdraw') {
    if (existing)
      await db
        .deleteFrom(table as never)
        .where('pk' as never, '=', existing.pk as never)
        .execute();
    return;
  }
  const copy: ApiRecord = {
    ...draft,
    [pub.versionField]: pub.publishedValue,
    [pub.draftLink]: draft.pk,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  };
  delete copy.pk;
  const props = stored(entity).filter((p) => copy[p] !== undefined);
  const values = { ...recordToRow(entity, copy, props), ...searchColumnValues(entity, copy) };
  if (existing)
    await db
      .updateTable(table as never)
      .set(values as never)
      .where('pk' as never, '=', existing.pk as never)
      .execute();
  else
    await db
      .insertInto(table as never)
      .values(values as never)
      .execute();
}

/**
 * Runs a transition: the caller's role, the state and the guard are checked on the server; the
 * state (and the transition's `set` values), the published copy and the history line are written
 * in one transaction; the mail leaves after the commit. `system`: the scheduler (no role, no actor).
 */
export async function runTransition(
  ctx: RequestContext,
  entityName: string,
  rawPk: unknown,
  name: string,
  input: TransitionInput,
  options: { system?: boolean } = {},
) {
  const { entity, wf } = target(ctx, entityName);
  await inTransaction(ctx, async (tctx, trx) => {
    const db = tctx.app.database.db;
    const { pk, record } = await loadRecord(tctx, db, entity, rawPk);
    assertDraft(tctx, wf, record);
    const data = await guardData(tctx, db, entity, wf, record);
    const now = new Date();
    const planned = planTransition(wf, name, data, now, options);
    if ('refused' in planned) throw refuse(tctx, wf, planned.refused);
    const { plan } = planned;
    const t = plan.transition;
    const mail = t.mail && input.noMail !== true ? await renderMail(tctx, db, wf, t, record, plan) : null;
    if (mail && t.mail!.editable) {
      if (typeof input.mailSubject === 'string' && input.mailSubject.trim())
        mail.subject = input.mailSubject
          .replace(/[\r\n]+/g, ' ')
          .trim()
          .slice(0, 300);
      if (typeof input.mailContent === 'string' && input.mailContent.trim())
        mail.content = cleanHtml(input.mailContent);
    }
    const at = now.toISOString();
    const changed: ApiRecord = { ...plan.changes };
    if (entity.columnByProperty.has('updatedAt')) changed.updatedAt = at;
    await trx
      .updateTable(entity.schema['x-entity'].table as never)
      .set(recordToRow(entity, changed, Object.keys(changed)) as never)
      .where('pk' as never, '=', pk as never)
      .execute();
    if (t.publication) await applyPublication(db, entity, wf, { ...record, ...changed }, t.publication, at);
    await trx
      .insertInto('workflow_history')
      .values({
        entity: entity.name,
        record_pk: pk,
        transition: t.name,
        from_state: plan.fromState,
        to_state: plan.toState,
        actor: plan.history.actor,
        created_at: plan.history.date,
      })
      .execute();
    for (const hookName of entity.schema['x-entity'].hooks ?? [])
      await hooks[hookName]?.afterTransition?.({
        ctx: tctx,
        entity,
        db,
        record: { ...record, ...changed },
        transition: t.name,
        fromState: plan.fromState,
      });
    if (mail?.to) {
      const whiteLabel = tctx.whiteLabel.id;
      await afterCommit(tctx, async (app) => {
        await sendMail(app, {
          to: mail.to,
          subject: mail.subject,
          kind: 'other',
          whiteLabel,
          content: { siteName: mail.siteName, paragraphs: [], signature: '', footer: mail.siteName },
          bodyHtml: mail.content,
          bodyText: htmlToPlainText(mail.content),
        });
      });
    }
  });
  return options.system ? null : workflowView(ctx, entityName, rawPk);
}
