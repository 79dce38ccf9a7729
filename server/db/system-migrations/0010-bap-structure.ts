import { sql, type Kysely } from 'kysely';

// The projects exchange belongs to structures (issue 25): a project takes the structure of the
// advisor who wrote it, its household's contact and its interests the project's. Projects written
// before have none yet: they get their author's (an administrator's stay without one, seen by
// administrators only until one names it). Runs after the generated steps that add the columns.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update bap_project set "group" = (select u."group" from account_user u where u.pk = bap_project.advisor)
    where "group" is null`.execute(db);
  for (const table of ['bap_household', 'bap_interest']) {
    const project = sql.ref(`${table}.project`);
    await sql`update ${sql.table(table)} set "group" = (select p."group" from bap_project p where p.pk = ${project})
      where "group" is null`.execute(db);
  }
}
