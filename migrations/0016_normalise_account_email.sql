-- One normalisation of an e-mail address, used by every look-up, the unique index and the
-- sign-in limiter (issue 28, item 4): trimmed, NFKC (compatibility forms: full-width
-- letters, ligatures) and lower-cased. Before, the index and look-up used `lower(email)`
-- while the limiter keyed on another folding, so spellings the look-up merged had buckets of
-- their own, and two addresses equal under NFKC could both hold accounts.
--
-- Postgres 15 has no full Unicode case folding (`casefold` is Postgres 18); `lower` is the
-- folding every part of the service now shares, which is what the limiter needs.
create function nls_email_key(email text) returns text
    language sql immutable strict parallel safe
    as $$ select lower(normalize(btrim(email), NFKC)) $$;

-- Accounts that would collide under the new key must be resolved by the operator (merge
-- or change an address) before the stricter index can exist: stop and name them rather
-- than pick a winner.
do $$
declare
    collisions text;
begin
    select string_agg(key || ' (' || accounts || ')', '; ')
      into collisions
      from (select nls_email_key(email) as key,
                   string_agg(account_id::text, ', ' order by created_at) as accounts
              from account
             group by 1
            having count(*) > 1) c;
    if collisions is not null then
        raise exception 'accounts share an e-mail address once NFKC-normalised: %; change or merge them, then migrate again', collisions;
    end if;
end
$$;

alter table account
    add column email_key text generated always as (nls_email_key(email)) stored;
drop index account_email_key;
create unique index account_email_key on account (email_key);
