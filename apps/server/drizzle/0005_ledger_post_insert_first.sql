-- ledger_post() without its look-up before the insert: the first transfer's INSERT ... ON CONFLICT DO
-- NOTHING is itself the idempotency check. A new key (the common case) costs one statement less, which
-- the benchmark (apps/server/bench/ledger.bench.ts) shows as about a fifth more postings per second on
-- PostgreSQL. A key seen before finds the conflict and then reads the first posting, as before.
CREATE OR REPLACE FUNCTION ledger_post(
  p_idempotency_key text,
  p_debits bigint[],
  p_credits bigint[],
  p_amounts bigint[],
  p_kinds text[],
  p_references text[],
  p_created_at timestamptz,
  OUT transfer_ids bigint[],
  OUT replayed boolean
) LANGUAGE plpgsql AS $$
DECLARE
  v_legs integer := coalesce(array_length(p_debits, 1), 0);
  v_same boolean;
  v_accounts bigint[];
  v_deltas bigint[];
  v_id bigint;
  v_kind text;
  v_balance bigint;
BEGIN
  IF v_legs = 0
     OR coalesce(array_length(p_credits, 1), 0) <> v_legs
     OR coalesce(array_length(p_amounts, 1), 0) <> v_legs
     OR coalesce(array_length(p_kinds, 1), 0) <> v_legs
     OR coalesce(array_length(p_references, 1), 0) <> v_legs THEN
    RAISE EXCEPTION 'a posting needs one or more transfers, each with debit, credit, amount, kind and reference'
      USING ERRCODE = '22023';
  END IF;

  -- The first transfer's insert is the idempotency check. A key seen before conflicts, and the first
  -- posting answers. Racing another posting with the same key, the insert waits for it: committed, it
  -- conflicts; rolled back, it goes in (and a look-up that finds nothing tries the insert again).
  LOOP
    INSERT INTO ledger_transfers
      (debit_account_id, credit_account_id, amount, kind, reference, idempotency_key, leg, created_at)
    VALUES
      (p_debits[1], p_credits[1], p_amounts[1], p_kinds[1], p_references[1], p_idempotency_key, 0, p_created_at)
    ON CONFLICT (idempotency_key, leg) DO NOTHING
    RETURNING id INTO v_id;
    EXIT WHEN FOUND;
    SELECT array_agg(t.id ORDER BY t.leg),
           count(*) = v_legs AND bool_and(t.debit_account_id = p_debits[t.leg + 1]
             AND t.credit_account_id = p_credits[t.leg + 1]
             AND t.amount = p_amounts[t.leg + 1]
             AND t.kind = p_kinds[t.leg + 1])
      INTO transfer_ids, v_same
      FROM ledger_transfers t
     WHERE t.idempotency_key = p_idempotency_key;
    IF transfer_ids IS NOT NULL THEN
      IF NOT v_same THEN
        RAISE EXCEPTION 'idempotency key % was used for different transfers', p_idempotency_key
          USING ERRCODE = 'LD003';
      END IF;
      replayed := true;
      RETURN;
    END IF;
  END LOOP;

  transfer_ids := ARRAY[v_id];
  FOR i IN 2 .. v_legs LOOP
    INSERT INTO ledger_transfers
      (debit_account_id, credit_account_id, amount, kind, reference, idempotency_key, leg, created_at)
    VALUES
      (p_debits[i], p_credits[i], p_amounts[i], p_kinds[i], p_references[i], p_idempotency_key, i - 1,
       p_created_at)
    RETURNING id INTO v_id;
    transfer_ids := transfer_ids || v_id;
  END LOOP;

  -- The net change of each account, in ascending id order. One transfer (the usual case) needs no query.
  IF v_legs = 1 THEN
    IF p_debits[1] < p_credits[1] THEN
      v_accounts := ARRAY[p_debits[1], p_credits[1]];
      v_deltas := ARRAY[-p_amounts[1], p_amounts[1]];
    ELSE
      v_accounts := ARRAY[p_credits[1], p_debits[1]];
      v_deltas := ARRAY[p_amounts[1], -p_amounts[1]];
    END IF;
  ELSE
    SELECT array_agg(s.account ORDER BY s.account), array_agg(s.delta ORDER BY s.account)
      INTO v_accounts, v_deltas
      FROM (
        SELECT m.account, sum(m.delta)::bigint AS delta
          FROM (
            SELECT d.account, -d.amount AS delta FROM unnest(p_debits, p_amounts) AS d(account, amount)
            UNION ALL
            SELECT c.account, c.amount FROM unnest(p_credits, p_amounts) AS c(account, amount)
          ) m
         GROUP BY m.account
      ) s;
  END IF;

  FOR i IN 1 .. array_length(v_accounts, 1) LOOP
    UPDATE ledger_accounts a
       SET balance = a.balance + v_deltas[i]
     WHERE a.id = v_accounts[i]
       AND (a.kind <> 'customer' OR a.balance + v_deltas[i] >= 0)
    RETURNING a.id INTO v_id;
    IF NOT FOUND THEN
      SELECT a.kind, a.balance INTO v_kind, v_balance FROM ledger_accounts a WHERE a.id = v_accounts[i];
      IF NOT FOUND THEN
        RAISE EXCEPTION 'unknown ledger account %', v_accounts[i] USING ERRCODE = 'LD002';
      END IF;
      RAISE EXCEPTION 'insufficient funds in ledger account %', v_accounts[i]
        USING ERRCODE = 'LD001',
              DETAIL = json_build_object('account', v_accounts[i], 'balance', v_balance::text)::text;
    END IF;
  END LOOP;

  replayed := false;
END
$$;
