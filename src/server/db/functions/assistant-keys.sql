-- The assistant key check of POST /api/calls (assistant-keys.repo.ts).

-- The X-Api-Key check for several presented keys at once: a row per active key among p_key_hashes (a JSON
-- array of hashes) with its business and that business's timezone. Stamps last_used_at only when the stored
-- stamp is older than p_touch_after, so a busy key is not rewritten per request.
CREATE OR REPLACE FUNCTION assistant_keys_use(p_key_hashes jsonb, p_now timestamptz, p_touch_after interval)
RETURNS TABLE (o_key_hash text, o_key_id uuid, o_business_id uuid, o_timezone text)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  UPDATE assistant_keys k SET last_used_at = p_now
  WHERE k.key_hash IN (SELECT jsonb_array_elements_text(p_key_hashes))
    AND k.revoked_at IS NULL
    AND (k.last_used_at IS NULL OR k.last_used_at < p_now - p_touch_after);
  RETURN QUERY
    SELECT k.key_hash, k.id, b.id, b.timezone
    FROM assistant_keys k JOIN businesses b ON b.id = k.business_id
    WHERE k.key_hash IN (SELECT jsonb_array_elements_text(p_key_hashes)) AND k.revoked_at IS NULL;
END;
$$;
