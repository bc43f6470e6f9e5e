-- ledger_post_batch(): many postings in one call, one round trip and one commit (see
-- docs/decisions/0016-ledger-batches.md). src/ledger/ calls it for the chain follower's deposit credits and
-- for bulk data; every posting of a batch is one transfer with its own idempotency key.
--
-- All or nothing: the batch is applied whole, or refused whole with the single path's errors (LD001
-- insufficient funds, LD002 unknown account, LD003 a key used for other transfers). It
--   1. inserts the transfers whose keys are new, in key order, with ON CONFLICT DO NOTHING (the insert is
--      the idempotency check, as in ledger_post()); a key seen before answers its first transfer
--      (replayed) when it was the same single transfer, and refuses the batch (LD003) otherwise;
--   2. sums the new transfers into one net change per account;
--   3. locks those accounts in ascending id order, then applies every change in one UPDATE that refuses
--      to take a customer below zero (the whole batch is refused, naming the lowest such account).
-- Lock order, everywhere in the ledger: idempotency keys (one per ledger_post(), sorted in a batch), then
-- accounts by id. No posting holds an account while it waits for a key, so none waits in a cycle.
CREATE FUNCTION ledger_post_batch(
  p_keys text[],
  p_debits bigint[],
  p_credits bigint[],
  p_amounts bigint[],
  p_kinds text[],
  p_references text[],
  p_created_at timestamptz,
  OUT transfer_ids bigint[],
  OUT replayed boolean[]
) LANGUAGE plpgsql AS $$
DECLARE
  v_count integer := coalesce(array_length(p_keys, 1), 0);
  v_new_keys text[];
  v_new_ids bigint[];
  v_accounts bigint[];
  v_deltas bigint[];
  v_updated bigint[];
  v_reused text;
  v_unresolved text;
  v_account bigint;
  v_balance bigint;
BEGIN
  IF v_count = 0
     OR coalesce(array_length(p_debits, 1), 0) <> v_count
     OR coalesce(array_length(p_credits, 1), 0) <> v_count
     OR coalesce(array_length(p_amounts, 1), 0) <> v_count
     OR coalesce(array_length(p_kinds, 1), 0) <> v_count
     OR coalesce(array_length(p_references, 1), 0) <> v_count THEN
    RAISE EXCEPTION 'a batch needs one or more transfers, each with key, debit, credit, amount, kind and reference'
      USING ERRCODE = '22023';
  END IF;
  IF (SELECT count(DISTINCT k) FROM unnest(p_keys) AS k) <> v_count THEN
    RAISE EXCEPTION 'a batch names each idempotency key once' USING ERRCODE = '22023';
  END IF;

  -- 1 and 2: the new transfers, and each account's net change (accounts whose changes cancel out are
  -- left alone: their balance already equals their transfers).
  WITH inserted AS (
    INSERT INTO ledger_transfers
      (debit_account_id, credit_account_id, amount, kind, reference, idempotency_key, leg, created_at)
    SELECT i.debit, i.credit, i.amount, i.kind, i.ref, i.key, 0, p_created_at
      FROM unnest(p_keys, p_debits, p_credits, p_amounts, p_kinds, p_references)
           AS i(key, debit, credit, amount, kind, ref)
     ORDER BY i.key COLLATE "C"
    ON CONFLICT (idempotency_key, leg) DO NOTHING
    RETURNING id, idempotency_key, debit_account_id, credit_account_id, amount
  ), net AS (
    SELECT m.account, sum(m.delta)::bigint AS delta
      FROM (
        SELECT debit_account_id AS account, -amount AS delta FROM inserted
        UNION ALL
        SELECT credit_account_id, amount FROM inserted
      ) AS m
     GROUP BY m.account
    HAVING sum(m.delta) <> 0
  )
  SELECT (SELECT array_agg(idempotency_key) FROM inserted),
         (SELECT array_agg(id) FROM inserted),
         (SELECT array_agg(account ORDER BY account) FROM net),
         (SELECT array_agg(delta ORDER BY account) FROM net)
    INTO v_new_keys, v_new_ids, v_accounts, v_deltas;

  -- Every transfer's id in the order given; a key seen before answers its first posting's transfer.
  SELECT array_agg(coalesce(n.id, o.id) ORDER BY i.ord),
         array_agg(n.id IS NULL ORDER BY i.ord),
         min(i.key) FILTER (WHERE n.id IS NULL AND o.id IS NOT NULL AND NOT o.same),
         min(i.key) FILTER (WHERE n.id IS NULL AND o.id IS NULL)
    INTO transfer_ids, replayed, v_reused, v_unresolved
    FROM unnest(p_keys, p_debits, p_credits, p_amounts, p_kinds) WITH ORDINALITY
         AS i(key, debit, credit, amount, kind, ord)
    LEFT JOIN unnest(v_new_keys, v_new_ids) AS n(key, id) ON n.key = i.key
    LEFT JOIN LATERAL (
      SELECT min(t.id) FILTER (WHERE t.leg = 0) AS id,
             count(*) = 1 AND bool_and(t.leg = 0 AND t.debit_account_id = i.debit
               AND t.credit_account_id = i.credit AND t.amount = i.amount AND t.kind = i.kind) AS same
        FROM ledger_transfers t
       WHERE n.id IS NULL AND t.idempotency_key = i.key
    ) AS o ON true;
  IF v_reused IS NOT NULL THEN
    RAISE EXCEPTION 'idempotency key % was used for different transfers', v_reused
      USING ERRCODE = 'LD003', DETAIL = json_build_object('key', v_reused)::text;
  END IF;
  IF v_unresolved IS NOT NULL THEN
    -- Only under a snapshot older than the posting that holds the key (REPEATABLE READ): try again.
    RAISE EXCEPTION 'idempotency key % is held by a posting this snapshot cannot see', v_unresolved
      USING ERRCODE = '40001';
  END IF;
  IF v_accounts IS NULL THEN
    RETURN;
  END IF;

  -- 3: the row locks in ascending id order, then every change in one statement, checked under the lock.
  PERFORM 1 FROM ledger_accounts a WHERE a.id = ANY (v_accounts) ORDER BY a.id FOR NO KEY UPDATE;
  WITH updated AS (
    UPDATE ledger_accounts a
       SET balance = a.balance + d.delta
      FROM unnest(v_accounts, v_deltas) AS d(account, delta)
     WHERE a.id = d.account
       AND (a.kind <> 'customer' OR a.balance + d.delta >= 0)
    RETURNING a.id
  )
  SELECT array_agg(id) INTO v_updated FROM updated;
  IF coalesce(array_length(v_updated, 1), 0) <> array_length(v_accounts, 1) THEN
    SELECT d.account INTO v_account
      FROM unnest(v_accounts) AS d(account)
     WHERE NOT (d.account = ANY (coalesce(v_updated, '{}')))
     ORDER BY d.account
     LIMIT 1;
    SELECT a.balance INTO v_balance FROM ledger_accounts a WHERE a.id = v_account;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'unknown ledger account %', v_account USING ERRCODE = 'LD002';
    END IF;
    RAISE EXCEPTION 'insufficient funds in ledger account %', v_account
      USING ERRCODE = 'LD001',
            DETAIL = json_build_object('account', v_account, 'balance', v_balance::text)::text;
  END IF;
END
$$;
