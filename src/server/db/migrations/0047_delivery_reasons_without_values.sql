-- The English reason of a refused delivery quoted the text at fault (arktype's `(was "…")`, the start the
-- tools' booking refused, `no service "…"`), which can be what a caller said; the server now names the field
-- and the rule only (rulesBroken, integrations/delivery-refusal.ts). The reasons stored before it lose those
-- quotes alike: a closed `(was "…")` goes, then one cut open by the 300-character clip goes to the end; an
-- unknown service's reason reads as the server writes it now.
UPDATE "assistant_deliveries" SET "reason" = CASE
    WHEN "reason" LIKE 'no service "%' THEN 'service names no active service'
    ELSE regexp_replace(regexp_replace("reason", ' \(was "([^"\\]|\\.)*"\)', '', 'g'), ' \(was ".*$', '')
  END
WHERE "reason" LIKE '%(was "%' OR "reason" LIKE 'no service "%';
