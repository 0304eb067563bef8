import { describe, expect, it } from "vitest";
import { databaseConfigFromEnv } from "./config.server";
import { databaseTlsWarning } from "./database-tls.server";

const warning = (url: string) => databaseTlsWarning(databaseConfigFromEnv({ DATABASE_URL: url }));

describe("the start-up warning about a PostgreSQL connection without TLS", () => {
  it("warns about another machine reached without sslmode, and says what to add", () => {
    const text = warning("postgres://site:segredo@db.exemplo.com.br:5432/site");
    expect(text).toContain("Banco de dados sem TLS");
    expect(text).toContain("outra máquina (db.exemplo.com.br) sem sslmode");
    expect(text).toContain("sslmode=verify-full");
    expect(text).toContain("sslmode=require");
    expect(text).not.toContain("segredo");
    // An address on the network, and a remote host given as ?host= (it wins over the URL's).
    expect(warning("postgres://site@10.0.0.5/site")).toContain("(10.0.0.5)");
    expect(warning("postgres://site@[2001:db8::5]/site")).toContain("(2001:db8::5)");
    expect(warning("postgres://site@127.0.0.1/site?host=db.exemplo.com.br")).toContain("(db.exemplo.com.br)");
    // An explicit sslmode=disable, or ssl=0, is no TLS either.
    expect(warning("postgres://site@db.exemplo.com.br/site?sslmode=disable")).toContain(
      "Banco de dados sem TLS",
    );
    expect(warning("postgres://site@db.exemplo.com.br/site?ssl=0")).toContain("Banco de dados sem TLS");
  });

  it("says nothing when the URL asks for TLS", () => {
    for (const query of ["sslmode=require", "sslmode=verify-full", "sslmode=verify-ca", "ssl=true"]) {
      expect([query, warning(`postgres://site:segredo@db.exemplo.com.br:5432/site?${query}`)]).toEqual([
        query,
        undefined,
      ]);
    }
  });

  it("says nothing when the connection stays on this machine, or on SQLite", () => {
    for (const url of [
      "postgres://site@127.0.0.1:5432/site",
      "postgres://site@127.0.1.1/site",
      "postgresql://site@localhost/site",
      "postgres://site@LOCALHOST/site",
      "postgres://site@[::1]:5432/site",
      "postgres:///site?host=/var/run/postgresql",
      "postgres://site@%2Fvar%2Frun%2Fpostgresql/site",
      "postgres://site@db.exemplo.com.br/site?host=/run/postgresql",
    ]) {
      expect([url, warning(url)]).toEqual([url, undefined]);
    }
    expect(databaseTlsWarning(databaseConfigFromEnv({ DATA_DIR: "dados" }))).toBeUndefined();
  });
});
