import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import {
  addPasskey,
  authenticationOptions,
  listPasskeys,
  registrationOptions,
  relyingParty,
  removePasskey,
  verifyPasskeySignIn,
} from "~/server/accounts/passkeys.server";
import { database } from "~/server/db/database.server";
import { insertUser } from "../support/db";
import { describeOnEachEngine } from "../support/engine-suite";

// The passkey store on every engine: whose passkeys belong to which site address, challenges
// kept for the right person and purpose, answers that are not a passkey's refused without
// saving anything, and a passkey removed only by its owner. (The ceremony itself runs in
// Chromium: tests/e2e/passkeys.spec.ts.)

process.env.PUBLIC_URL = "https://www.exemplo-condominio.com.br";
const uid = () => randomUUID().slice(0, 8);

describeOnEachEngine("passkeys", () => {
  async function newUser() {
    const email = `pk-${uid()}@exemplo-condominio.com.br`;
    const id = await insertUser(await database(), { email, passwordHash: "x", role: "editor" });
    return { id, email, name: null };
  }

  it("the relying party is the public site, or localhost for a request addressed to it", () => {
    expect(relyingParty(new Request("http://10.0.0.5:3000/auth"))).toEqual({
      rpID: "www.exemplo-condominio.com.br",
      origin: "https://www.exemplo-condominio.com.br",
    });
    expect(relyingParty(new Request("http://localhost:4461/auth"))).toEqual({
      rpID: "localhost",
      origin: "http://localhost:4461",
    });
  });

  it("challenges are stored per purpose; a made-up answer saves nothing; removal is the owner's only", async () => {
    const user = await newUser();
    const request = new Request("http://localhost:4461/admin/conta");
    const options = await registrationOptions(request, user, "Alvorada");
    expect(options.rp).toEqual({ name: "Alvorada", id: "localhost" });
    const signIn = await authenticationOptions(request);
    const db = await database();
    const challenges = await db
      .selectFrom("webauthn_challenges")
      .select(["challenge", "purpose", "user_id"])
      .where("challenge", "in", [options.challenge, signIn.challenge])
      .orderBy("purpose")
      .execute();
    expect(challenges).toEqual([
      { challenge: signIn.challenge, purpose: "authenticate", user_id: null },
      { challenge: options.challenge, purpose: "register", user_id: user.id },
    ]);

    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: "webauthn.create",
        challenge: options.challenge,
        origin: "http://localhost:4461",
      }),
    ).toString("base64url");
    for (const answer of [
      "",
      "não é json",
      JSON.stringify({
        id: "x",
        rawId: "x",
        type: "public-key",
        response: { clientDataJSON },
        clientExtensionResults: {},
      }),
    ]) {
      expect(await addPasskey(request, user.id, "Celular", answer)).toMatchObject({ ok: false });
    }
    expect(await listPasskeys(user.id)).toEqual([]);
    expect(await verifyPasskeySignIn(request, "{}")).toMatchObject({ ok: false });

    await db
      .insertInto("passkeys")
      .values({
        id: `cred-${uid()}`,
        user_id: user.id,
        name: "Notebook",
        public_key: new Uint8Array([1, 2, 3]),
        counter: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    const [stored] = await listPasskeys(user.id);
    const stranger = await newUser();
    expect(await removePasskey(stranger.id, stored?.id ?? "")).toBeUndefined();
    expect(await listPasskeys(user.id)).toHaveLength(1);
    expect(await removePasskey(user.id, stored?.id ?? "")).toBe("Notebook");
    expect(await listPasskeys(user.id)).toEqual([]);
  });
});
