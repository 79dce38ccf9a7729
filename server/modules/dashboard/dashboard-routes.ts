import { Router } from 'express';
import { sql } from 'kysely';
import type { AppContext, RequestContext } from '../../context';
import { denied } from '../../context';
import { asyncHandler } from '../../http/async-handler';
import { nowIso } from '../../db/column-types';
import { deName } from '../../../engine/text/french';

interface Figure {
  label: string;
  value: number;
  path?: string;
}
interface ListItem {
  label: string;
  detail?: string;
  path?: string;
}
interface Dashboard {
  figures: Figure[];
  lists: { title: string; empty: string; items: ListItem[] }[];
}

const count = (n: unknown) => Number(n ?? 0);
const frDate = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(
        new Date(iso),
      )
    : '';

async function administrator(app: AppContext): Promise<Dashboard> {
  const db = app.database.db;
  const byType = await db
    .selectFrom('account_user')
    .select(['user_type', (eb) => eb.fn.countAll().as('n')])
    .where('is_active', '=', 1)
    .groupBy('user_type')
    .execute();
  const n = (type: string) => count(byType.find((r) => r.user_type === type)?.n);
  const groups = await db
    .selectFrom('account_group')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  const whiteLabels = await db
    .selectFrom('white_label')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
  const logins = await db
    .selectFrom('login_log')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('created_at', '>=', weekAgo)
    .executeTakeFirst();
  const recent = await db
    .selectFrom('login_log')
    .innerJoin('account_user', 'account_user.pk', 'login_log.user_pk')
    .select([
      'account_user.pk',
      'account_user.first_name',
      'account_user.last_name',
      'account_user.email',
      'login_log.created_at',
    ])
    .orderBy('login_log.created_at', 'desc')
    .limit(8)
    .execute();
  return {
    figures: [
      {
        label: "Membres de l'équipe actifs",
        value: n('administrator') + n('manager') + n('advisor') + n('superadvisor') + n('listeproadmin'),
        path: '/utilisateurs/',
      },
      { label: 'Professionnels', value: n('professional'), path: '/utilisateurs/?userType=professional' },
      { label: 'Clients', value: n('client'), path: '/utilisateurs/?userType=client' },
      { label: 'Structures', value: count(groups?.n), path: '/groupes/' },
      { label: 'Marques blanches', value: count(whiteLabels?.n), path: '/administration/marques-blanches/' },
      { label: 'Connexions (7 derniers jours)', value: count(logins?.n) },
    ],
    lists: [
      {
        title: 'Dernières connexions',
        empty: 'Aucune connexion enregistrée.',
        items: recent.map((r) => ({
          label: [r.first_name, r.last_name].filter(Boolean).join(' ') || String(r.email),
          detail: frDate(r.created_at),
          path: `/utilisateurs/${r.pk}`,
        })),
      },
    ],
  };
}

async function manager(app: AppContext, ctx: RequestContext): Promise<Dashboard> {
  const db = app.database.db;
  const scope = ctx.user.scopeGroups.length ? ctx.user.scopeGroups : [-1];
  const structures = await db
    .selectFrom('account_group')
    .select(['pk', 'name', 'is_active'])
    .where('pk', 'in', scope)
    .orderBy('name')
    .execute();
  const members = await db
    .selectFrom('account_user')
    .select(['group', (eb) => eb.fn.countAll().as('n')])
    .where('group', 'in', scope)
    .where('is_active', '=', 1)
    .groupBy('group')
    .execute();
  const advisors = await db
    .selectFrom('account_user')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('group', 'in', scope)
    .where('user_type', 'in', ['advisor', 'superadvisor', 'listeproadmin'])
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return {
    figures: [
      { label: 'Structures du réseau', value: structures.length - 1, path: '/groupes/' },
      { label: 'Conseillers actifs', value: count(advisors?.n) },
    ],
    lists: [
      {
        title: 'Les structures du réseau',
        empty: 'Aucune structure dans votre réseau.',
        items: structures.map((s) => ({
          label: s.name ?? '',
          detail:
            `${count(members.find((m) => m.group === s.pk)?.n)} membre(s) actif(s)` +
            (s.is_active ? '' : ' — inactive'),
          path: `/groupes/${s.pk}`,
        })),
      },
    ],
  };
}

async function advisor(app: AppContext, ctx: RequestContext): Promise<Dashboard> {
  const db = app.database.db;
  const group = ctx.user.group ?? -1;
  const structure = await db.selectFrom('account_group').select(['name']).where('pk', '=', group).executeTakeFirst();
  const members = await db
    .selectFrom('account_user')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('group', '=', group)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  const places = ctx.whiteLabel.modules.dialogwatt
    ? await db
        .selectFrom('dialogwatt_place')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('is_active', '=', 1)
        .where(
          app.database.dialect === 'postgres'
            ? sql<boolean>`groups @> ${JSON.stringify([group])}::jsonb`
            : sql<boolean>`exists (select 1 from json_each(groups) where json_each.value = ${group})`,
        )
        .executeTakeFirst()
    : undefined;
  const notifications = ctx.whiteLabel.modules.dialogwatt
    ? await db
        .selectFrom('dialogwatt_notification')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('group', '=', group)
        .where('is_active', '=', 1)
        .executeTakeFirst()
    : undefined;
  const now = nowIso();
  const soon = new Date(Date.now() + 45 * 86_400_000).toISOString();
  const downtimes = ctx.whiteLabel.modules.dialogwatt
    ? await db
        .selectFrom('dialogwatt_advisor_downtime')
        .innerJoin('account_user', 'account_user.pk', 'dialogwatt_advisor_downtime.advisor')
        .select([
          'dialogwatt_advisor_downtime.pk',
          'dialogwatt_advisor_downtime.name',
          'dialogwatt_advisor_downtime.start_date',
          'dialogwatt_advisor_downtime.end_date',
          'account_user.first_name',
          'account_user.last_name',
        ])
        .where('dialogwatt_advisor_downtime.group', '=', group)
        .where('dialogwatt_advisor_downtime.is_active', '=', 1)
        .where('dialogwatt_advisor_downtime.end_date', '>=', now)
        .where('dialogwatt_advisor_downtime.start_date', '<=', soon)
        .orderBy('dialogwatt_advisor_downtime.start_date')
        .limit(10)
        .execute()
    : [];
  const figures: Figure[] = [
    {
      label: structure?.name ? `Membres ${deName(structure.name)}` : 'Membres de la structure',
      value: count(members?.n),
      path: '/ma-structure',
    },
  ];
  if (places)
    figures.push({
      label: 'Lieux de rendez-vous actifs',
      value: count(places.n),
      path: '/dialogwatt/gestion-des-lieux/',
    });
  if (notifications)
    figures.push({ label: 'Notifications actives', value: count(notifications.n), path: '/dialogwatt/notifications/' });
  return {
    figures,
    lists: ctx.whiteLabel.modules.dialogwatt
      ? [
          {
            title: 'Absences à venir (45 jours)',
            empty: 'Aucune absence prévue dans votre structure.',
            items: downtimes.map((d) => ({
              label: `${[d.first_name, d.last_name].filter(Boolean).join(' ')} — ${d.name}`,
              detail: `du ${frDate(d.start_date)} au ${frDate(d.end_date)}`,
              path: `/dialogwatt/indisponibilites/edition/${d.pk}`,
            })),
          },
        ]
      : [],
  };
}

/** What each role needs first (spec 01 §2: a useful dashboard per role). */
export function dashboardRouter(app: AppContext): Router {
  const router = Router();
  router.get(
    '/api/v1/dashboard/',
    asyncHandler(async (req, res) => {
      const ctx = req.ctx;
      if (ctx.user.roles.includes('administrator')) res.json(await administrator(app));
      else if (ctx.user.roles.includes('manager')) res.json(await manager(app, ctx));
      else if (ctx.user.roles.includes('advisor')) res.json(await advisor(app, ctx));
      else throw denied(ctx);
    }),
  );
  return router;
}
