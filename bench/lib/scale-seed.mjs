// The seed of bench/scale.mjs: copies the template user's rows (scale-template.mjs, made through
// the API) for each new user, in bulk SQL inside PostgreSQL (INSERT ... SELECT over the new users,
// a batch of users per statement). Every row a user has after signing up, answering, buying and
// joining an organisation is copied with new ids: account, login family with an access token the
// bench knows, progress, current answers and their history, the three results (BIG5 scores, value
// ranks and culture shares varied per user), the team summary the results' trigger would write,
// basket, order with its lines and payment, reports with their editions, payment customer, and
// the membership with its position title in an organisation's employee list.
//
// Triggers are off while copying (session_replication_role = replica): they only send change
// notifications, and the one that keeps team_result_summaries is replayed here as one statement
// (checked against the template's own summary). Ids of copied rows are md5(template id, user
// number), as random as gen_random_uuid() and the same wherever a copy points at another copy.
import { createHash } from 'node:crypto';

/** The access token of seeded user `n`: 43 base64url characters as the server issues them. */
export function accessTokenOf(n) {
  return createHash('sha256').update(`scale-token-${n}`).digest('base64url');
}
const accessTokenSql = (n) => `translate(rtrim(encode(sha256(convert_to('scale-token-' || ${n}, 'UTF8')), 'base64'), '='), '+/', '-_')`;
const sha256HexSql = (text) => `encode(sha256(convert_to(${text}, 'UTF8')), 'hex')`;
/** The copy of template id `id` for user (or organisation) number `n`. */
const copyId = (id, n) => `md5(${id}::text || ':' || ${n})::uuid`;

const smallOrganisationSizes = [5, 10, 20, 50, 100, 200];

/**
 * Which organisation each user number belongs to, for a population of up to `maximum`: every tenth
 * user is in organisation 0 (the large one: 10,000 members at 100,000 users), the others fill
 * organisations of 5, 10, 20, 50, 100 and 200 members in turn. The same at every size, so a grown
 * population keeps the memberships it had.
 */
export function organisationPlan(maximum) {
  const organisationOf = new Int32Array(maximum + 1);
  let organisation = 1;
  let left = smallOrganisationSizes[0];
  for (let n = 1; n <= maximum; n += 1) {
    if (n % 10 === 0) continue;
    if (left === 0) {
      organisation += 1;
      left = smallOrganisationSizes[(organisation - 1) % smallOrganisationSizes.length];
    }
    organisationOf[n] = organisation;
    left -= 1;
  }
  const sizeOf = (organisationNumber) => (organisationNumber === 0 ? Math.floor(maximum / 10) : smallOrganisationSizes[(organisationNumber - 1) % smallOrganisationSizes.length]);
  return { organisationOf, sizeOf, titlesOf: (organisationNumber) => Math.min(40, Math.max(1, Math.floor(sizeOf(organisationNumber) / 5))) };
}

/** The columns of a team summary from a user's three results b (BIG5), v (values) and c (environment). */
const summaryColumns = `
         (select array_agg(e->>'id' order by o) from jsonb_array_elements(b.scores->'traits') with ordinality as x(e, o)),
         (select array_agg(e->>'label' order by o) from jsonb_array_elements(b.scores->'traits') with ordinality as x(e, o)),
         (select array_agg(round((e->>'score')::numeric, 1)::real order by o) from jsonb_array_elements(b.scores->'traits') with ordinality as x(e, o)),
         (select array_agg((case e->>'band' when 'low' then 0 when 'average' then 1 else 2 end)::smallint order by o) from jsonb_array_elements(b.scores->'traits') with ordinality as x(e, o)),
         (select array_agg(e->>'id' order by e->>'id') from jsonb_array_elements(v.scores->'top_values') as x(e)),
         (select array_agg(e->>'label' order by e->>'id') from jsonb_array_elements(v.scores->'top_values') as x(e)),
         (select array_agg((e->>'rank')::int <= 3 order by e->>'id') from jsonb_array_elements(v.scores->'top_values') as x(e)),
         (select array_agg(e->>'id' order by o) from jsonb_array_elements(c.scores->'culture_mix') with ordinality as x(e, o)),
         (select array_agg(e->>'label' order by o) from jsonb_array_elements(c.scores->'culture_mix') with ordinality as x(e, o)),
         (select array_agg((e->>'share')::smallint order by o) from jsonb_array_elements(c.scores->'culture_mix') with ordinality as x(e, o)),
         (select o from jsonb_array_elements(c.scores->'culture_mix') with ordinality as x(e, o) order by (e->>'share')::int desc, o limit 1)`;

/** Tables every seeded user has rows in, in the order they are filled (a copy's parent first). */
function copyStatements(template) {
  const T = `'${template.userId}'::uuid`;
  // $1 first user number, $2 last: the batch's new users, n and id, from scale_users.
  const batch = `(select * from scale_users where n between $1 and $2) as su`;
  return [
    [
      'users',
      `insert into users (id, name, email, email_verified_at, password_hash, locale, birth_date, birth_time, ts_accurate, birth_city, birth_country, country_code, latitude, longitude, timezone, privacy_policy_version, privacy_policy_accepted_at, terms_version, terms_accepted_at, created_at, updated_at)
       select su.id, 'Scale User ' || su.n, 'scale-' || su.n || '@bench.example', su.joined_at, t.password_hash, t.locale, t.birth_date, t.birth_time, t.ts_accurate, t.birth_city, t.birth_country, t.country_code, t.latitude, t.longitude, t.timezone, t.privacy_policy_version, t.privacy_policy_accepted_at, t.terms_version, t.terms_accepted_at, su.joined_at, su.joined_at
       from ${batch} cross join users t where t.id = ${T}`,
    ],
    [
      'auth_sessions',
      `insert into auth_sessions (id, user_id, user_agent, ip_address, created_at, expires_at)
       select ${copyId('t.id', 'su.n')}, su.id, t.user_agent, t.ip_address, now(), now() + interval '30 days'
       from ${batch} cross join auth_sessions t where t.user_id = ${T}`,
    ],
    [
      'access_tokens',
      `insert into access_tokens (token_hash, session_id, created_at, expires_at)
       select ${sha256HexSql(accessTokenSql('su.n'))}, ${copyId('t.id', 'su.n')}, now(), now() + interval '1 day'
       from ${batch} cross join auth_sessions t where t.user_id = ${T}`,
    ],
    [
      'refresh_tokens',
      `insert into refresh_tokens (token_hash, session_id, created_at)
       select ${sha256HexSql(`'scale-refresh-' || su.n`)}, ${copyId('t.id', 'su.n')}, now()
       from ${batch} cross join auth_sessions t where t.user_id = ${T}`,
    ],
    [
      'questionnaire_progress',
      `insert into questionnaire_progress (user_id, answered_items, completed, updated_at, answered_positions)
       select su.id, t.answered_items, t.completed, t.updated_at, t.answered_positions
       from ${batch} cross join questionnaire_progress t where t.user_id = ${T}`,
    ],
    [
      'current_answers',
      `insert into current_answers (user_id, item_id, assessment, item_version, choice_value, answered_at, first_answered_at)
       select su.id, t.item_id, t.assessment, t.item_version, t.choice_value, t.answered_at, t.first_answered_at
       from ${batch} cross join current_answers t where t.user_id = ${T} order by su.id, t.item_id`,
    ],
    [
      'question_answers',
      `insert into question_answers (user_id, assessment, item_id, item_version, choice_value, answered_at)
       select su.id, t.assessment, t.item_id, t.item_version, t.choice_value, t.answered_at
       from ${batch} cross join question_answers t where t.user_id = ${T} order by su.id, t.assessment, t.answered_at`,
    ],
    [
      // Each user's copy, varied: BIG5 scores anywhere on 0-100 (bands to match), values ranked in a
      // random order, culture shares shifted (the aggregates have something to count).
      'assessment_results',
      `insert into assessment_results (user_id, assessment, scores, flags, scoring_version, completed_at, first_completed_at, computed_at)
       select su.id, r.assessment,
         case r.assessment
           when 'big5' then jsonb_set(r.scores, '{traits}', (
             select jsonb_agg(jsonb_set(jsonb_set(t, '{score}', to_jsonb(s.score)), '{band}', to_jsonb(case when s.score < 35 then 'low' when s.score <= 65 then 'average' else 'high' end)) order by o)
             from jsonb_array_elements(r.scores->'traits') with ordinality as x(t, o), lateral (select round((random() * 100)::numeric, 2) as score where o > 0) as s))
           when 'values' then jsonb_set(r.scores, '{top_values}', (select jsonb_agg(jsonb_set(v, '{rank}', to_jsonb(n)) order by n) from (select v, row_number() over (order by random()) as n from jsonb_array_elements(r.scores->'top_values') as y(v)) as ranked))
           else jsonb_set(r.scores, '{culture_mix}', (select jsonb_agg(jsonb_set(c, '{share}', to_jsonb((random() * 60)::int)) order by o) from jsonb_array_elements(r.scores->'culture_mix') with ordinality as z(c, o)))
         end,
         r.flags, r.scoring_version, r.completed_at, r.first_completed_at, r.computed_at
       from ${batch} cross join assessment_results r where r.user_id = ${T}`,
    ],
    [
      // What the trigger team_result_summary_follow (migrations 0033, 0038) writes for these results.
      'team_result_summaries',
      `insert into team_result_summaries (user_id, big5_ids, big5_labels, big5_scores, big5_bands, values_ids, values_labels, values_top_three, culture_ids, culture_labels, culture_shares, culture_preferred, updated_at)
       select su.id, ${summaryColumns}, now()
       from ${batch}
       join assessment_results b on b.user_id = su.id and b.assessment = 'big5'
       join assessment_results v on v.user_id = su.id and v.assessment = 'values'
       join assessment_results c on c.user_id = su.id and c.assessment = 'environment'`,
    ],
    [
      'carts',
      `insert into carts (user_id, coupon_id, coupon_code, updated_at)
       select su.id, t.coupon_id, t.coupon_code, t.updated_at from ${batch} cross join carts t where t.user_id = ${T}`,
    ],
    [
      'cart_items',
      `insert into cart_items (user_id, product_id, quantity, unit_price, minimum_quantity, added_at)
       select su.id, t.product_id, t.quantity, t.unit_price, t.minimum_quantity, t.added_at from ${batch} cross join cart_items t where t.user_id = ${T}`,
    ],
    [
      'orders',
      `insert into orders (id, number, user_id, status, idempotency_key, currency, subtotal, discount_amount, discount_subtotal, vat_basis_points, vat_country, vat_amount, total, reverse_charge, coupon_id, coupon_code, billing, payment_provider, provider_payment_id, payment_method_id, save_card, failure_code, failure_message, created_at, updated_at, paid_at, seller_vat_number, vat_number_consultation, digital_content_consent_at, digital_content_consent_text, remember_billing_details)
       select ${copyId('t.id', 'su.n')}, 'S-' || su.n || '-' || t.number, su.id, t.status, t.idempotency_key, t.currency, t.subtotal, t.discount_amount, t.discount_subtotal, t.vat_basis_points, t.vat_country, t.vat_amount, t.total, t.reverse_charge, t.coupon_id, t.coupon_code, t.billing, t.payment_provider, 'pi_scale_' || md5(t.id::text || ':' || su.n), t.payment_method_id, t.save_card, t.failure_code, t.failure_message, su.joined_at, su.joined_at, su.joined_at, t.seller_vat_number, t.vat_number_consultation, su.joined_at, t.digital_content_consent_text, t.remember_billing_details
       from ${batch} cross join orders t where t.user_id = ${T}`,
    ],
    [
      'order_lines',
      `insert into order_lines (id, order_id, position, product_id, sku, title, quantity, unit_price, line_subtotal, line_discount, report_type, report_types, list_price, owned_report_types)
       select ${copyId('l.id', 'su.n')}, ${copyId('l.order_id', 'su.n')}, l.position, l.product_id, l.sku, l.title, l.quantity, l.unit_price, l.line_subtotal, l.line_discount, l.report_type, l.report_types, l.list_price, l.owned_report_types
       from ${batch} cross join order_lines l join orders t on t.id = l.order_id where t.user_id = ${T}`,
    ],
    [
      'payment_customers',
      `insert into payment_customers (user_id, provider, customer_id, created_at)
       select su.id, t.provider, 'cus_scale_' || su.n, su.joined_at from ${batch} cross join payment_customers t where t.user_id = ${T}`,
    ],
    [
      'test_provider_payments',
      `insert into test_provider_payments (id, idempotency_key, customer_id, amount, status, confirmation_id, failure_code, failure_message, method_to_save, metadata, created_at, updated_at)
       select 'pi_scale_' || md5(o.id::text || ':' || su.n), 'order-' || ${copyId('o.id', 'su.n')}, 'cus_scale_' || su.n, p.amount, p.status, p.confirmation_id, p.failure_code, p.failure_message, p.method_to_save,
         jsonb_build_object('user_id', su.id, 'order_id', ${copyId('o.id', 'su.n')}, 'order_number', 'S-' || su.n || '-' || o.number), su.joined_at, su.joined_at
       from ${batch} cross join orders o join test_provider_payments p on p.id = o.provider_payment_id where o.user_id = ${T}`,
    ],
    [
      'payment_transactions',
      `insert into payment_transactions (id, user_id, order_id, reference, provider, status, description, amount, currency, failure_code, created_at)
       select ${copyId('t.id', 'su.n')}, su.id, ${copyId('t.order_id', 'su.n')}, 'pi_scale_' || md5(t.order_id::text || ':' || su.n), t.provider, t.status, t.description, t.amount, t.currency, t.failure_code, su.joined_at
       from ${batch} cross join payment_transactions t where t.user_id = ${T}`,
    ],
    [
      'granted_reports',
      `insert into granted_reports (id, user_id, order_id, report_type, status, created_at, updated_at, requested_edition, current_edition, claimed_by_job, claimed_at, generation_attempts, failure_reason, opened_at)
       select ${copyId('t.id', 'su.n')}, su.id, ${copyId('t.order_id', 'su.n')}, t.report_type, t.status, su.joined_at, su.joined_at, t.requested_edition, t.current_edition, t.claimed_by_job, t.claimed_at, t.generation_attempts, t.failure_reason, t.opened_at
       from ${batch} cross join granted_reports t where t.user_id = ${T}`,
    ],
    [
      // The PDFs themselves are not copied: no timed call reads them.
      'report_editions',
      `insert into report_editions (report_id, edition, document, storage_key, page_count, byte_size, scoring_versions, answers_date, generated_at)
       select ${copyId('e.report_id', 'su.n')}, e.edition, e.document, e.storage_key, e.page_count, e.byte_size, e.scoring_versions, e.answers_date, su.joined_at
       from ${batch} cross join report_editions e join granted_reports t on t.id = e.report_id where t.user_id = ${T}`,
    ],
    [
      // The organisations whose first member is in the batch: copies of the template's.
      'organisations',
      `insert into organisations (id, type, name, address, registration_number, vat_code, business_description, registrar_name, registrar_email, registrar_phone, nature_of_event, plan, status, sales_follow_up, billing_name, billing_email, billing_address_line_1, billing_address_line_2, billing_city, billing_postal_code, billing_country, billing_county, created_by, creation_key, created_at, updated_at, activated_at)
       select ${copyId('t.id', 'su.organisation')}, t.type, 'Scale Organisation ' || su.organisation, t.address, t.registration_number, t.vat_code, t.business_description, t.registrar_name, t.registrar_email, t.registrar_phone, t.nature_of_event, t.plan, t.status, t.sales_follow_up, t.billing_name, t.billing_email, t.billing_address_line_1, t.billing_address_line_2, t.billing_city, t.billing_postal_code, t.billing_country, t.billing_county, su.id, ${copyId('t.creation_key', 'su.organisation')}, su.joined_at, su.joined_at, t.activated_at
       from ${batch} cross join organisations t where su.first_member and t.id = '${template.organisationId}'::uuid`,
    ],
    [
      'organisation_services',
      `insert into organisation_services (organisation_id, product_id, quantity)
       select ${copyId('t.organisation_id', 'su.organisation')}, t.product_id, t.quantity
       from ${batch} cross join organisation_services t where su.first_member and t.organisation_id = '${template.organisationId}'::uuid`,
    ],
    [
      // Memberships started over the last three years; the first member owns the organisation.
      'organisation_members',
      `insert into organisation_members (organisation_id, user_id, role, created_at)
       select ${copyId(`'${template.organisationId}'::uuid`, 'su.organisation')}, su.id, case when su.first_member then 'owner' else 'member' end, now() - (random() * interval '1100 days')
       from ${batch}`,
    ],
    [
      // Each member in the organisation's employee list with a position title: one title per five
      // members, at most 40.
      'organisation_people',
      `insert into organisation_people (id, organisation_id, list, position_title, full_name, email, created_at)
       select ${copyId(`'${template.organisationId}'::uuid`, 'su.n')}, ${copyId(`'${template.organisationId}'::uuid`, 'su.organisation')}, 'employee', 'Title ' || (1 + (hashtext('scale-' || su.n) & 2147483647) % su.titles), 'Scale User ' || su.n, 'scale-' || su.n || '@bench.example', now()
       from ${batch}`,
    ],
  ];
}

/**
 * Grows the population from `from` to `to` seeded users (numbers from + 1 to to), `batchSize`
 * users per statement. `log(table, seconds)` hears each table's time. Resolves with the time per table.
 */
export async function seedUsers(db, template, plan, { from, to, batchSize = 10_000, log = () => {} }) {
  await db.query(`create table if not exists scale_users (n int primary key, id uuid not null, organisation int not null, first_member boolean not null, titles int not null, joined_at timestamptz not null)`);
  const numbers = [];
  const organisations = [];
  const firsts = [];
  const seen = new Set((await db.query(`select distinct organisation from scale_users`)).rows.map((row) => row.organisation));
  for (let n = from + 1; n <= to; n += 1) {
    const organisation = plan.organisationOf[n];
    numbers.push(n);
    organisations.push(organisation);
    firsts.push(!seen.has(organisation));
    seen.add(organisation);
  }
  // Sign-ups spread over the last three years.
  await db.query(
    `insert into scale_users (n, id, organisation, first_member, titles, joined_at)
     select n, gen_random_uuid(), organisation, first_member, titles, now() - (random() * interval '1100 days')
     from unnest($1::int[], $2::int[], $3::boolean[], $4::int[]) as x(n, organisation, first_member, titles)`,
    [numbers, organisations, firsts, organisations.map(plan.titlesOf)],
  );
  const seconds = {};
  // The answers' two tables take 130 rows per user: their indexes are built once afterwards
  // (a sort) rather than kept up through millions of inserts at random places.
  const rebuilt = await dropIndexes(db, ['current_answers', 'question_answers']);
  await db.query(`set session_replication_role = replica`);
  await db.query(`set work_mem = '256MB'`);
  await db.query(`set maintenance_work_mem = '512MB'`);
  await db.query(`set synchronous_commit = off`);
  try {
    for (const [table, statement] of copyStatements(template)) {
      const started = performance.now();
      for (let first = from + 1; first <= to; first += batchSize) {
        await db.query(statement, [first, Math.min(to, first + batchSize - 1)]);
      }
      seconds[table] = (performance.now() - started) / 1000;
      log(table, seconds[table]);
    }
  } finally {
    await db.query(`set session_replication_role = origin`);
  }
  const started = performance.now();
  for (const statement of rebuilt) await db.query(statement);
  seconds['answers\u2019 indexes'] = (performance.now() - started) / 1000;
  log('answers\u2019 indexes', seconds['answers\u2019 indexes']);
  return seconds;
}

/** Drops the tables' indexes and primary keys; resolves with the statements that make them again. */
async function dropIndexes(db, tables) {
  const { rows } = await db.query(
    `select i.indexrelid::regclass::text as name, i.indrelid::regclass::text as table_name, c.conname, pg_get_indexdef(i.indexrelid) as definition,
       case when c.oid is not null then pg_get_constraintdef(c.oid) end as constraint_definition
     from pg_index i left join pg_constraint c on c.conindid = i.indexrelid and c.contype in ('p', 'u')
     where i.indrelid = any ($1::regclass[])`,
    [tables],
  );
  const rebuild = [];
  for (const row of rows) {
    if (row.conname) {
      await db.query(`alter table ${row.table_name} drop constraint ${row.conname}`);
      rebuild.push(`alter table ${row.table_name} add constraint ${row.conname} ${row.constraint_definition}`);
    } else {
      await db.query(`drop index ${row.name}`);
      rebuild.push(row.definition);
    }
  }
  return rebuild;
}

/**
 * The template's own summary (written by the trigger) against the one the seed's statement computes
 * from the same results: they must be equal, else the seed would not be what the app makes.
 */
export async function checkSummaryReplay(db, template) {
  const columns = 'big5_ids, big5_labels, big5_scores, big5_bands, values_ids, values_labels, values_top_three, culture_ids, culture_labels, culture_shares, culture_preferred';
  const { rows } = await db.query(
    `select (select row(${columns})::text from team_result_summaries where user_id = $1) as stored,
       (select row(${summaryColumns})::text from assessment_results b
        join assessment_results v on v.user_id = b.user_id and v.assessment = 'values'
        join assessment_results c on c.user_id = b.user_id and c.assessment = 'environment'
        where b.user_id = $1 and b.assessment = 'big5') as replayed`,
    [template.userId],
  );
  if (rows[0].stored === null || rows[0].stored !== rows[0].replayed) throw new Error(`the seed's team summary differs from the trigger's:\n${rows[0].stored}\n${rows[0].replayed}`);
}
