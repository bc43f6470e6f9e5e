-- wallet_send(): a send in ONE statement, one round trip (issue 25): to another customer (by username or by
-- one of their deposit addresses) or, as a withdrawal, to an outside address. It is the bank's only way to
-- send (apps/server/src/modules/wallet/wallet-send.ts calls it). In the caller's db transaction (a single
-- statement is its own; a passkey-approved withdrawal runs it after the approval's claim, in one):
--   1. the sender's verification level (identity and address verified);
--   2. the idempotency key claimed in send_requests: a repeat answers the first send's row, another body
--      under the same key is refused; then the sender's send-limit lock (an advisory lock: their sends take
--      turns) and their status under a share lock (a deactivation waits for the send, or the send sees it);
--   3. the sender's figures (balance, what they sent in the rolling 24 hours), the recipient (a username, a
--      customer's deposit address, which always wins, or an outside address: a withdrawal, unless it is
--      one of the bank's own) and every check of the recipient and the amount (with a withdrawal's fee
--      and its address's dust limit);
--   4. a withdrawal: the solvency watchdog's pause, the passkey approval when the customer's withdrawals
--      need one (the challenge this transaction claimed must be bound to exactly these facts), the
--      withdrawal policy (new-address hold, staff review by amount or pace);
--   5. the posting through ledger_post() (its rules and its locks), the history row(s) with the price of
--      the moment, the `withdrawals` row of a withdrawal, and the notifications.
-- It announces nothing itself: a NOTIFY would hold PostgreSQL's notification-queue lock through this commit
-- and make concurrent sends commit one by one (decision 0023). It answers the announcements
-- (`<userId>:<id>[:email]`) with the row, and the caller sends them after the commit.
-- The TypeScript stays the specification: the caller passes what its rules decide (the limits, the price
-- reading's age, the fee and the dust limit, the policy's thresholds and hold, the notices' words and which
-- settings email them, where the address sits on the bank's key chains: only the keys know), and reads a
-- refusal back through the same rules (sendRefusal), so no wording lives here. The answer is the sender's
-- history row.
--
-- Refusals (the whole statement rolls back, nothing is claimed or moved):
--   WS001 the key was used for another send (409 keyReused)
--   WS002 the sender's account is not active (403 accountInactive)
--   WS003 the sender's verification does not allow sending (403 notVerified)
--   WS004 the recipient or the amount is refused; DETAIL is JSON: the recipient's reason (or null), whether
--         it is a withdrawal, the balance and what is left of the limit, as strings (400 VALIDATION_ERROR,
--         built by the caller)
--   WS005 the withdrawal needs the customer's passkey and came without an approval (403 PASSKEY_REQUIRED,
--         the challenge issued by the caller); WS007 the approval claimed is not bound to this withdrawal
--   WS006 the solvency watchdog pauses payouts (503 withdrawalsPaused)
--   WS011 a key chain's window moved past what the caller looked the address up in; DETAIL is JSON: each
--         window's first index now (the caller looks again and calls again)
--   LD001 ledger_post() refused: a balance would go below zero (400 insufficientFunds)

-- Whether `p_address` (no customer's deposit address) is one of the bank's own: p_own.own (the caller's
-- verdict from a port without a twin here), a payout's change, the vault's recorded addresses and the
-- refills' hot addresses (p_own.vaultTables), or an index within the window of one of p_own.windows: each
-- {table: hd|vault, vault, chain, gap, from, to, index}, where the caller found the address at `index` among
-- the addresses of indexes [from, to) it derived (null: not there). The window is [next, next + gap), next
-- being the chain's first unused index.
CREATE FUNCTION wallet_send_own_address(p_address text, p_network text, p_own jsonb) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  v_window jsonb;
  v_next integer;
  v_starts jsonb := '[]'::jsonb;
  v_moved boolean := false;
  v_own boolean := coalesce((p_own ->> 'own')::boolean, false);
BEGIN
  FOR v_window IN SELECT value FROM jsonb_array_elements(coalesce(p_own -> 'windows', '[]'::jsonb)) LOOP
    IF v_window ->> 'table' = 'hd' THEN
      SELECT coalesce(max(c.next_index), 0) INTO v_next FROM address_chains c
       WHERE c.network = p_network AND c.chain = (v_window ->> 'chain')::smallint;
    ELSE
      SELECT coalesce(max(v.chain_index) + 1, 0) INTO v_next FROM vault_addresses v
       WHERE v.vault = v_window ->> 'vault' AND v.chain = (v_window ->> 'chain')::smallint;
    END IF;
    v_starts := v_starts || to_jsonb(v_next);
    IF v_next < (v_window ->> 'from')::integer
       OR v_next + (v_window ->> 'gap')::integer > (v_window ->> 'to')::integer THEN
      v_moved := true;
    ELSIF (v_window ->> 'index')::integer >= v_next
          AND (v_window ->> 'index')::integer < v_next + (v_window ->> 'gap')::integer THEN
      v_own := true;
    END IF;
  END LOOP;
  IF v_moved THEN
    RAISE EXCEPTION 'a key chain''s window moved' USING ERRCODE = 'WS011', DETAIL = v_starts::text;
  END IF;
  RETURN v_own
      OR EXISTS (SELECT 1 FROM payouts p WHERE p.change_address = p_address)
      OR (coalesce((p_own ->> 'vaultTables')::boolean, false)
          AND (EXISTS (SELECT 1 FROM vault_addresses v WHERE v.address = p_address)
               OR EXISTS (SELECT 1 FROM vault_refills r WHERE r.hot_address = p_address)));
END
$$;
--> statement-breakpoint

-- One notification of a send: p_notice is {kind, type, status, title, message, emailed}, where the payee's
-- username stands in the words as chr(1) and `emailed` has bit (email_notifications * 4 +
-- transaction_alerts * 2 + security_alerts) set when those settings email it. Answers its announcement.
CREATE FUNCTION wallet_send_notify(p_user_id uuid, p_notice jsonb, p_payee text, p_at timestamptz)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_settings record;
  v_bit integer;
  v_email text;
  v_id uuid := gen_random_uuid();
BEGIN
  SELECT s.email_notifications, s.transaction_alerts, s.security_alerts INTO v_settings
    FROM notification_settings s WHERE s.user_id = p_user_id;
  v_bit := CASE WHEN coalesce(v_settings.email_notifications, false) THEN 4 ELSE 0 END
         + CASE WHEN coalesce(v_settings.transaction_alerts, false) THEN 2 ELSE 0 END
         + CASE WHEN coalesce(v_settings.security_alerts, false) THEN 1 ELSE 0 END;
  v_email := CASE WHEN ((p_notice ->> 'emailed')::integer >> v_bit) & 1 = 1 THEN 'due' END;
  INSERT INTO notifications (id, user_id, type, kind, status, title, message, created_at, email)
  VALUES (v_id, p_user_id, p_notice ->> 'type', p_notice ->> 'kind', p_notice ->> 'status',
          replace(p_notice ->> 'title', chr(1), coalesce(p_payee, '')),
          replace(p_notice ->> 'message', chr(1), coalesce(p_payee, '')), p_at, v_email);
  RETURN p_user_id::text || ':' || v_id::text || CASE WHEN v_email = 'due' THEN ':email' ELSE '' END;
END
$$;
--> statement-breakpoint

-- The passkey approval of a withdrawal: the challenge p_challenge, claimed by this very transaction (its row
-- version is this transaction's, and locked by it to the commit: single use), of this customer and for a
-- withdrawal, must be the challenge bound to these facts (passkeys/challenges.ts boundChallenge: SHA-256 of
-- the canonical JSON of the facts, the purpose and the nonce, base64url).
CREATE FUNCTION wallet_send_approved(p_challenge uuid, p_user_id uuid, p_facts jsonb) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  v_row record;
  v_json text;
BEGIN
  SELECT c.challenge, c.nonce, c.consumed_at, c.xmin::text AS version INTO v_row
    FROM passkey_challenges c
   WHERE c.id = p_challenge AND c.user_id = p_user_id AND c.purpose = 'withdrawal';
  IF NOT FOUND OR v_row.consumed_at IS NULL OR v_row.nonce IS NULL
     OR v_row.version <> (pg_current_xact_id()::text::bigint % 4294967296)::text THEN
    RETURN false;
  END IF;
  SELECT '{' || string_agg(to_json(f.key)::text || ':' || to_json(f.value)::text, ',' ORDER BY f.key COLLATE "C")
         || '}'
    INTO v_json
    FROM jsonb_each_text(p_facts || jsonb_build_object('purpose', 'withdrawal', 'nonce', v_row.nonce)) f;
  RETURN v_row.challenge
       = rtrim(translate(encode(sha256(convert_to(v_json, 'UTF8')), 'base64'), '+/', '-_'), '=');
END
$$;
--> statement-breakpoint

-- A withdrawal wallet_send() checked (the recipient, the amount, its fee): the watchdog's pause, the passkey
-- approval, the policy's gate, the two-leg posting (the amount to withdrawal clearing, the fee to fee
-- revenue), the pending history row, the `withdrawals` row where the policy puts it (held, awaiting
-- approval, queued for the worker), and the one notice of the three (p_withdrawal.notices: held, review1,
-- review2, queued) that says where it stands. p_withdrawal also carries the policy as the caller's
-- WithdrawalPolicy says it (holdMs, heldUntil: now + the hold, reviewSats, dualSats, perHour, hourAgo) and
-- the key as the approval signed it (keyText).
CREATE FUNCTION wallet_send_withdrawal(
  p_user_id uuid,
  p_idempotency_key uuid,
  p_transaction_id uuid,
  p_ledger_key text,
  p_address text,
  p_amount bigint,
  p_fee bigint,
  p_note text,
  p_at timestamptz,
  p_account bigint,
  p_passkey_setting boolean,
  p_withdrawal jsonb,
  p_challenge uuid,
  p_cents bigint,
  p_source text,
  p_read_at timestamptz
) RETURNS TABLE (sent wallet_transactions, announcements text[]) LANGUAGE plpgsql AS $$
DECLARE
  v_paid_before boolean;
  v_this_hour integer;
  v_held_until timestamptz;
  v_approvals integer := 0;
  v_review text;
  v_state text;
  v_notice jsonb;
  v_transfer bigint;
  v_debits bigint[];
  v_credits bigint[];
  v_amounts bigint[];
  v_kinds text[];
BEGIN
  IF EXISTS (SELECT 1 FROM solvency_state s WHERE s.id = 1 AND s.paused_since IS NOT NULL) THEN
    RAISE EXCEPTION 'payouts are paused' USING ERRCODE = 'WS006';
  END IF;
  IF p_passkey_setting AND EXISTS (SELECT 1 FROM passkeys k WHERE k.user_id = p_user_id) THEN
    IF p_challenge IS NULL THEN
      RAISE EXCEPTION 'the withdrawal needs a passkey approval' USING ERRCODE = 'WS005';
    END IF;
    IF lower(p_withdrawal ->> 'keyText') IS DISTINCT FROM p_idempotency_key::text
       OR NOT wallet_send_approved(p_challenge, p_user_id,
            jsonb_build_object('recipient', p_address, 'amountSats', p_amount::text, 'feeSats', p_fee::text,
                               'idempotencyKey', p_withdrawal ->> 'keyText')) THEN
      RAISE EXCEPTION 'the approval is not bound to this withdrawal' USING ERRCODE = 'WS007';
    END IF;
  END IF;

  -- The policy (domain/withdrawal-policy.ts gateWithdrawal), under the sender's send-limit lock.
  v_paid_before := EXISTS (SELECT 1 FROM withdrawals w WHERE w.user_id = p_user_id AND w.address = p_address
                                                         AND w.status IN ('sent', 'completed'));
  SELECT count(*) INTO v_this_hour FROM withdrawals w
   WHERE w.user_id = p_user_id AND w.created_at > (p_withdrawal ->> 'hourAgo')::timestamptz;
  IF NOT v_paid_before AND (p_withdrawal ->> 'holdMs')::bigint <> 0 THEN
    v_held_until := (p_withdrawal ->> 'heldUntil')::timestamptz;
  END IF;
  IF p_amount > (p_withdrawal ->> 'dualSats')::bigint THEN
    v_approvals := 2; v_review := 'dual_amount';
  ELSIF p_amount > (p_withdrawal ->> 'reviewSats')::bigint THEN
    v_approvals := 1; v_review := 'amount';
  ELSIF v_this_hour >= (p_withdrawal ->> 'perHour')::integer THEN
    v_approvals := 1; v_review := 'velocity';
  END IF;
  v_state := CASE WHEN v_held_until IS NOT NULL THEN 'held'
                  WHEN v_approvals > 0 THEN 'awaiting_approval' ELSE 'queued' END;

  v_debits := ARRAY[p_account];
  v_credits := ARRAY[(SELECT a.id FROM ledger_accounts a WHERE a.kind = 'withdrawal_clearing' AND a.user_id IS NULL)];
  v_amounts := ARRAY[p_amount];
  v_kinds := ARRAY['withdrawal'];
  IF p_fee > 0 THEN
    v_debits := v_debits || p_account;
    v_credits := v_credits || (SELECT a.id FROM ledger_accounts a WHERE a.kind = 'fee_revenue' AND a.user_id IS NULL);
    v_amounts := v_amounts || p_fee;
    v_kinds := v_kinds || 'withdrawal_fee'::text;
  END IF;
  SELECT (l.transfer_ids)[1] INTO v_transfer
    FROM ledger_post(p_ledger_key, v_debits, v_credits, v_amounts, v_kinds,
                     array_fill('transaction:' || p_transaction_id::text, ARRAY[cardinality(v_kinds)]), p_at) l;
  INSERT INTO wallet_transactions
    (id, user_id, type, status, amount, fee, address, note, transfer_id, withdrawal_state, held_until,
     created_at, created_usd_cents_per_btc, created_price_source, created_price_read_at)
  VALUES
    (p_transaction_id, p_user_id, 'send', 'pending', p_amount, p_fee, p_address, p_note, v_transfer, v_state,
     v_held_until, p_at, p_cents, p_source, p_read_at);
  INSERT INTO withdrawals
    (id, user_id, address, amount_sats, fee_sats, status, held_until, approvals_needed, review_reason,
     created_at)
  VALUES
    (p_transaction_id, p_user_id, p_address, p_amount, p_fee, v_state, v_held_until, v_approvals, v_review,
     p_at);
  v_notice := p_withdrawal -> 'notices' -> (CASE WHEN v_state = 'held' THEN 'held'
                                                 WHEN v_state = 'awaiting_approval' THEN 'review' || v_approvals
                                                 ELSE 'queued' END);
  RETURN QUERY SELECT w, ARRAY[wallet_send_notify(p_user_id, v_notice, NULL, p_at)]
    FROM wallet_transactions w WHERE w.id = p_transaction_id;
END
$$;
--> statement-breakpoint

CREATE FUNCTION wallet_send(
  p_user_id uuid,
  p_idempotency_key uuid,
  p_request_hash text,
  p_transaction_id uuid,
  p_ledger_key text,
  p_username text,
  p_address text,
  p_refusal text,
  p_network text,
  p_amount bigint,
  p_note text,
  p_at timestamptz,
  p_window_start timestamptz,
  p_limit_level1 bigint,
  p_limit_level2 bigint,
  p_price_oldest timestamptz,
  p_price_oldest_minute timestamptz,
  p_notices jsonb,
  p_withdrawal jsonb,
  p_challenge uuid
) RETURNS TABLE (sent wallet_transactions, announcements text[]) LANGUAGE plpgsql AS $$
DECLARE
  v_sender record;
  v_payee record;
  v_level integer;
  v_first_hash text;
  v_first_transaction uuid;
  v_account bigint;
  v_balance bigint;
  v_sent bigint;
  v_remaining bigint;
  v_reason text := p_refusal;
  v_withdrawal boolean := false;
  v_fee bigint := 0;
  v_dust bigint;
  v_payee_account bigint;
  v_transfer bigint;
  v_cents bigint;
  v_source text;
  v_read_at timestamptz;
  v_announcements text[];
BEGIN
  -- 1. The sender's level (the session already said the account was active).
  SELECT CASE
           WHEN coalesce(bool_or(k.item = 'identity' AND k.status = 'verified'), false)
                AND coalesce(bool_or(k.item = 'address' AND k.status = 'verified'), false) THEN
             CASE WHEN coalesce(bool_or(k.item = 'enhanced' AND k.status = 'verified'), false) THEN 2 ELSE 1 END
           ELSE 0
         END
    INTO v_level
    FROM kyc_items k WHERE k.user_id = p_user_id;
  IF v_level = 0 THEN
    RAISE EXCEPTION 'the verification does not allow sending' USING ERRCODE = 'WS003';
  END IF;

  -- 2. The key, then the locks. Racing another send with the key, the insert waits for it: committed, the
  -- key is taken; rolled back, this claim goes in.
  INSERT INTO send_requests (user_id, idempotency_key, request_hash, transaction_id, created_at)
  VALUES (p_user_id, p_idempotency_key, p_request_hash, p_transaction_id, p_at)
  ON CONFLICT (user_id, idempotency_key) DO NOTHING;
  IF NOT FOUND THEN
    SELECT r.request_hash, r.transaction_id INTO v_first_hash, v_first_transaction
      FROM send_requests r WHERE r.user_id = p_user_id AND r.idempotency_key = p_idempotency_key;
    IF v_first_hash <> p_request_hash THEN
      RAISE EXCEPTION 'idempotency key % was used for another send', p_idempotency_key USING ERRCODE = 'WS001';
    END IF;
    RETURN QUERY SELECT w, ARRAY[]::text[] FROM wallet_transactions w
      WHERE w.id = v_first_transaction AND w.user_id = p_user_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'send request % has no transaction', p_idempotency_key;
    END IF;
    RETURN;
  END IF;
  -- The sender's sends take turns from here to the commit (the limit and the withdrawal policy see every
  -- earlier one); their status is read under a share lock (a deactivation waits for this send, or this
  -- send sees it).
  PERFORM pg_advisory_xact_lock(hashtextextended('send-limit:' || p_user_id::text, 0));
  SELECT u.status, u.username, u.name, u.approve_withdrawals_with_passkey INTO v_sender
    FROM users u WHERE u.id = p_user_id FOR SHARE;
  IF NOT FOUND OR v_sender.status <> 'active' THEN
    RAISE EXCEPTION 'the account is not active' USING ERRCODE = 'WS002';
  END IF;

  -- 3. The figures, the recipient, the checks.
  SELECT a.id, a.balance INTO v_account, v_balance FROM ledger_accounts a WHERE a.user_id = p_user_id;
  v_balance := coalesce(v_balance, 0);
  SELECT coalesce(sum(w.amount), 0) INTO v_sent FROM wallet_transactions w
   WHERE w.user_id = p_user_id AND w.type = 'send' AND w.status <> 'failed' AND w.created_at > p_window_start;
  v_remaining := greatest((CASE WHEN v_level = 2 THEN p_limit_level2 ELSE p_limit_level1 END) - v_sent, 0);

  IF v_reason IS NULL AND p_username IS NOT NULL THEN
    SELECT u.id, u.username, u.name, u.role, u.status INTO v_payee FROM users u WHERE u.username = p_username;
  ELSIF v_reason IS NULL THEN
    SELECT u.id, u.username, u.name, u.role, u.status INTO v_payee
      FROM deposit_addresses d JOIN users u ON u.id = d.user_id
     WHERE d.address = p_address AND d.network = p_network;
    IF NOT FOUND THEN
      IF wallet_send_own_address(p_address, p_network, p_withdrawal) THEN
        v_reason := 'ownAddress';
      ELSE
        v_withdrawal := true;
        v_fee := (p_withdrawal ->> 'fee')::bigint;
        v_dust := (p_withdrawal ->> 'dustLimit')::bigint;
      END IF;
    END IF;
  END IF;
  IF v_reason IS NULL AND NOT v_withdrawal THEN
    IF v_payee.id IS NULL OR v_payee.role <> 'customer' OR v_payee.status <> 'active' THEN
      v_reason := 'unknownRecipient';
    ELSIF v_payee.id = p_user_id THEN
      v_reason := 'selfSend';
    END IF;
  END IF;
  IF v_reason IS NOT NULL OR p_amount IS NULL OR p_amount <= 0 OR p_amount < v_dust
     OR p_amount > greatest(v_balance - v_fee, 0) OR p_amount > v_remaining THEN
    RAISE EXCEPTION 'the send is refused' USING ERRCODE = 'WS004',
      DETAIL = json_build_object('recipient', v_reason, 'withdrawal', v_withdrawal,
                                 'balance', v_balance::text, 'remaining', v_remaining::text)::text;
  END IF;

  -- The price of the moment, as recorded-prices.ts reads it (recentReadingAt), or none.
  SELECT p.usd_cents_per_btc, p.source, p.read_at INTO v_cents, v_source, v_read_at
    FROM price_readings p
   WHERE p.minute <= p_at AND p.minute >= p_price_oldest_minute AND p.read_at <= p_at
     AND p.read_at >= p_price_oldest
   ORDER BY p.minute DESC LIMIT 1;
  v_source := coalesce(v_source, 'unavailable');
  v_read_at := coalesce(v_read_at, p_at);

  IF v_withdrawal THEN
    RETURN QUERY SELECT * FROM wallet_send_withdrawal(p_user_id, p_idempotency_key, p_transaction_id,
      p_ledger_key, p_address,
      p_amount, v_fee, p_note, p_at, v_account, v_sender.approve_withdrawals_with_passkey, p_withdrawal,
      p_challenge, v_cents, v_source, v_read_at);
    RETURN;
  END IF;

  -- 4. A transfer: the posting, both history rows, both notifications. The payee's account opens with
  -- their first receipt.
  SELECT a.id INTO v_payee_account FROM ledger_accounts a WHERE a.user_id = v_payee.id;
  IF NOT FOUND THEN
    INSERT INTO ledger_accounts (kind, user_id) VALUES ('customer', v_payee.id)
      ON CONFLICT (user_id) DO NOTHING;
    SELECT a.id INTO v_payee_account FROM ledger_accounts a WHERE a.user_id = v_payee.id;
  END IF;
  SELECT (l.transfer_ids)[1] INTO v_transfer
    FROM ledger_post(p_ledger_key, ARRAY[v_account], ARRAY[v_payee_account], ARRAY[p_amount],
                     ARRAY['customer_transfer'], ARRAY['transaction:' || p_transaction_id::text], p_at) l;
  INSERT INTO wallet_transactions
    (id, user_id, type, status, amount, fee, counterparty_user_id, counterparty_username, counterparty_name,
     address, note, transfer_id, created_at, created_usd_cents_per_btc, created_price_source,
     created_price_read_at, settled_usd_cents_per_btc, settled_price_source, settled_price_read_at)
  VALUES
    (p_transaction_id, p_user_id, 'send', 'completed', p_amount, 0, v_payee.id, v_payee.username,
     v_payee.name, p_address, p_note, v_transfer, p_at, v_cents, v_source, v_read_at, v_cents, v_source,
     v_read_at),
    (gen_random_uuid(), v_payee.id, 'receive', 'completed', p_amount, 0, p_user_id, v_sender.username,
     v_sender.name, p_address, p_note, v_transfer, p_at, v_cents, v_source, v_read_at, v_cents, v_source,
     v_read_at);
  -- p_notices: the sender's notice, then the payee's.
  v_announcements := ARRAY[wallet_send_notify(p_user_id, p_notices -> 0, v_payee.username, p_at),
                           wallet_send_notify(v_payee.id, p_notices -> 1, v_payee.username, p_at)];
  RETURN QUERY SELECT w, v_announcements FROM wallet_transactions w WHERE w.id = p_transaction_id;
END
$$;
