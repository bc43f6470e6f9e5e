-- wallet_send(): a send from one customer to another in ONE statement, one round trip (issue 25). It does,
-- in the caller's db transaction (a single statement is its own), what the multi-statement send did
-- (apps/server/src/modules/wallet/send-bitcoin.ts), in the same order and under the same locks:
--   1. the sender's verification level (identity and address verified);
--   2. the idempotency key claimed in send_requests: a repeat answers the first send's row, another body
--      under the same key is refused; then the sender's send-limit lock (the advisory lock lockSendLimit
--      takes: the same key, so both paths take turns) and their status under a share lock (a
--      deactivation waits for the send, or the send sees it);
--   3. the sender's figures (balance, what they sent in the rolling 24 hours), the payee (a username, or a
--      customer's deposit address) and every check of the recipient and the amount;
--   4. the posting through ledger_post() (its rules and its locks, accounts in id order), both history
--      rows with the price of the moment, and both notifications.
-- It announces nothing itself: a NOTIFY would hold PostgreSQL's notification-queue lock through this commit
-- and make concurrent sends commit one by one. It answers the announcements (`<userId>:<id>[:email]`) with
-- the row, and the caller sends them after the commit (notifications/announcer.ts).
-- The TypeScript stays the specification: the caller passes what its rules decide (the limits, the price
-- reading's age, the notices' words and which settings email them), and reads a refusal back through the
-- same rules (checkSend), so no wording lives here. The answer is the sender's history row.
--
-- Refusals (the whole statement rolls back, nothing is claimed or moved):
--   WS001 the key was used for another send (409 keyReused)
--   WS002 the sender's account is not active (403 accountInactive)
--   WS003 the sender's verification does not allow sending (403 notVerified)
--   WS004 the recipient or the amount is refused; DETAIL is JSON: the recipient's reason (or null), the
--         balance and what is left of the limit, as strings (400 VALIDATION_ERROR, built by the caller)
--   WS010 the address is no customer's deposit address: a withdrawal, which this function does not do yet
--         (the caller sends it the multi-statement way)
--   LD001 ledger_post() refused: a balance would go below zero (400 insufficientFunds)
CREATE FUNCTION wallet_send(
  p_user_id uuid,
  p_idempotency_key uuid,
  p_request_hash text,
  p_transaction_id uuid,
  p_ledger_key text,
  p_username text,
  p_address text,
  p_network text,
  p_amount bigint,
  p_note text,
  p_at timestamptz,
  p_window_start timestamptz,
  p_limit_level1 bigint,
  p_limit_level2 bigint,
  p_price_oldest timestamptz,
  p_price_oldest_minute timestamptz,
  p_notices jsonb
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
  v_reason text;
  v_payee_account bigint;
  v_transfer bigint;
  v_cents bigint;
  v_source text;
  v_read_at timestamptz;
  v_notice jsonb;
  v_notice_user uuid;
  v_settings record;
  v_bit integer;
  v_id uuid;
  v_email text;
  v_announcements text[] := ARRAY[]::text[];
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

  -- 2. The key, then the locks, in the order the multi-statement send takes them (so the two never
  -- deadlock). Racing another send with the key, the insert waits for it: committed, the key is taken;
  -- rolled back, this claim goes in.
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
  -- The sender's sends take turns from here to the commit (the limit sees every earlier one); their
  -- status is read under a share lock (a deactivation waits for this send, or this send sees it).
  PERFORM pg_advisory_xact_lock(hashtextextended('send-limit:' || p_user_id::text, 0));
  SELECT u.status, u.username, u.name INTO v_sender FROM users u WHERE u.id = p_user_id FOR SHARE;
  IF NOT FOUND OR v_sender.status <> 'active' THEN
    RAISE EXCEPTION 'the account is not active' USING ERRCODE = 'WS002';
  END IF;

  -- 3. The figures, the payee, the checks.
  SELECT a.id, a.balance INTO v_account, v_balance FROM ledger_accounts a WHERE a.user_id = p_user_id;
  v_balance := coalesce(v_balance, 0);
  SELECT coalesce(sum(w.amount), 0) INTO v_sent FROM wallet_transactions w
   WHERE w.user_id = p_user_id AND w.type = 'send' AND w.status <> 'failed' AND w.created_at > p_window_start;
  v_remaining := greatest((CASE WHEN v_level = 2 THEN p_limit_level2 ELSE p_limit_level1 END) - v_sent, 0);

  IF p_username IS NOT NULL THEN
    SELECT u.id, u.username, u.name, u.role, u.status INTO v_payee FROM users u WHERE u.username = p_username;
  ELSE
    SELECT u.id, u.username, u.name, u.role, u.status INTO v_payee
      FROM deposit_addresses d JOIN users u ON u.id = d.user_id
     WHERE d.address = p_address AND d.network = p_network;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'address % is no customer''s: a withdrawal', p_address USING ERRCODE = 'WS010';
    END IF;
  END IF;
  IF v_payee.id IS NULL OR v_payee.role <> 'customer' OR v_payee.status <> 'active' THEN
    v_reason := 'unknownRecipient';
  ELSIF v_payee.id = p_user_id THEN
    v_reason := 'selfSend';
  END IF;
  IF v_reason IS NOT NULL OR p_amount IS NULL OR p_amount <= 0 OR p_amount > v_balance
     OR p_amount > v_remaining THEN
    RAISE EXCEPTION 'the send is refused' USING ERRCODE = 'WS004',
      DETAIL = json_build_object('recipient', v_reason, 'balance', v_balance::text,
                                 'remaining', v_remaining::text)::text;
  END IF;

  -- 4. The posting, the history, the notifications. The payee's account opens with their first receipt.
  SELECT a.id INTO v_payee_account FROM ledger_accounts a WHERE a.user_id = v_payee.id;
  IF NOT FOUND THEN
    INSERT INTO ledger_accounts (kind, user_id) VALUES ('customer', v_payee.id)
      ON CONFLICT (user_id) DO NOTHING;
    SELECT a.id INTO v_payee_account FROM ledger_accounts a WHERE a.user_id = v_payee.id;
  END IF;
  SELECT (l.transfer_ids)[1] INTO v_transfer
    FROM ledger_post(p_ledger_key, ARRAY[v_account], ARRAY[v_payee_account], ARRAY[p_amount],
                     ARRAY['customer_transfer'], ARRAY['transaction:' || p_transaction_id::text], p_at) l;

  -- The price of the moment, as recorded-prices.ts reads it (recentReadingAt), or none.
  SELECT p.usd_cents_per_btc, p.source, p.read_at INTO v_cents, v_source, v_read_at
    FROM price_readings p
   WHERE p.minute <= p_at AND p.minute >= p_price_oldest_minute AND p.read_at <= p_at
     AND p.read_at >= p_price_oldest
   ORDER BY p.minute DESC LIMIT 1;
  v_source := coalesce(v_source, 'unavailable');
  v_read_at := coalesce(v_read_at, p_at);
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

  -- p_notices: the sender's notice, then the payee's: {kind, type, status, title, message, emailed}, where
  -- the payee's username stands in the messages as chr(1) and `emailed` has bit
  -- (email_notifications * 4 + transaction_alerts * 2 + security_alerts) set when those settings email it.
  FOR i IN 0 .. 1 LOOP
    v_notice := p_notices -> i;
    v_notice_user := CASE WHEN i = 0 THEN p_user_id ELSE v_payee.id END;
    SELECT s.email_notifications, s.transaction_alerts, s.security_alerts INTO v_settings
      FROM notification_settings s WHERE s.user_id = v_notice_user;
    v_bit := CASE WHEN coalesce(v_settings.email_notifications, false) THEN 4 ELSE 0 END
           + CASE WHEN coalesce(v_settings.transaction_alerts, false) THEN 2 ELSE 0 END
           + CASE WHEN coalesce(v_settings.security_alerts, false) THEN 1 ELSE 0 END;
    v_email := CASE WHEN ((v_notice ->> 'emailed')::integer >> v_bit) & 1 = 1 THEN 'due' END;
    v_id := gen_random_uuid();
    INSERT INTO notifications (id, user_id, type, kind, status, title, message, created_at, email)
    VALUES (v_id, v_notice_user, v_notice ->> 'type', v_notice ->> 'kind', v_notice ->> 'status',
            replace(v_notice ->> 'title', chr(1), v_payee.username),
            replace(v_notice ->> 'message', chr(1), v_payee.username), p_at, v_email);
    v_announcements := v_announcements || (v_notice_user::text || ':' || v_id::text
                                           || CASE WHEN v_email = 'due' THEN ':email' ELSE '' END);
  END LOOP;

  RETURN QUERY SELECT w, v_announcements FROM wallet_transactions w WHERE w.id = p_transaction_id;
END
$$;
