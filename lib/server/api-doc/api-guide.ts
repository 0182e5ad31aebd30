/**
 * The API document's introduction: how a script signs in, its rate, and copyable
 * examples for this dashboard's own address. The HTTP tests run the curl and Python examples
 * as written here (tests/http/openapi.test.ts), so they stay examples that work; docs/api-tokens.md
 * explains the same with more words.
 */
import "server-only";
import { TOKEN_QUERY_PARAM } from "@/lib/contract/token-limits";

/** The environment variable the examples read the token from: never written into a script. */
export const TOKEN_ENV = "WEEX_DASHBOARD_TOKEN";

export interface ApiExamples {
  curl: string;
  python: string;
  sheets: string;
  appsScript: string;
}

export function apiExamples(origin: string): ApiExamples {
  const curl = `# ${TOKEN_ENV} holds a token from ${origin}/settings/tokens (set it in the environment,
# e.g. from a secret store; not in the script): export ${TOKEN_ENV}=wxd_…
now=$(( $(date +%s) * 1000 ))
# one page of invited users as JSON
curl -fsS -H "Authorization: Bearer $${TOKEN_ENV}" \\
  "${origin}/api/affiliate/invitees?pageSize=20"
# the last 7 days of invited users as a CSV file
curl -fsS -H "Authorization: Bearer $${TOKEN_ENV}" -o invitees.csv \\
  "${origin}/api/affiliate/invitees/export?startTime=$(( now - 7 * 86400000 ))&endTime=$now"`;

  const python = `# Python 3, standard library only. Pages through the invited users of the last 30 days.
import json, os, time, urllib.error, urllib.parse, urllib.request

BASE = "${origin}"
TOKEN = os.environ["${TOKEN_ENV}"]

def get(path, **params):
    url = f"{BASE}{path}?{urllib.parse.urlencode(params)}"
    while True:
        req = urllib.request.Request(url, headers={"Authorization": f"Bearer {TOKEN}"})
        try:
            with urllib.request.urlopen(req, timeout=120) as res:
                return json.load(res)
        except urllib.error.HTTPError as e:
            if e.code != 429:
                raise
            # the token's rate, or the WEEX budget: wait as long as the answer says
            time.sleep(int(e.headers.get("Retry-After", "5")))

now = int(time.time() * 1000)
invitees, page = [], 1
while True:
    body = get("/api/affiliate/invitees", startTime=now - 30 * 86_400_000, endTime=now, page=page, pageSize=100)
    invitees += body["items"]
    if not body["hasNextPage"]:
        break
    page += 1
print(len(invitees), "invitees")`;

  const sheets = `=IMPORTDATA("${origin}/api/affiliate/sub-affiliates/export?productType=FUTURES&startTime=" & TEXT((TODAY()-30-DATE(1970,1,1))*86400000, "0") & "&${TOKEN_QUERY_PARAM}=wxd_…")`;

  const appsScript = `// Extensions → Apps Script; the token in Project Settings → Script properties (${TOKEN_ENV}).
function importSubAffiliates() {
  const token = PropertiesService.getScriptProperties().getProperty("${TOKEN_ENV}");
  const end = Date.now(), start = end - 30 * 86400000;
  const res = UrlFetchApp.fetch("${origin}/api/affiliate/sub-affiliates/export?productType=FUTURES&startTime=" + start + "&endTime=" + end, {
    headers: { Authorization: "Bearer " + token },
  });
  const rows = Utilities.parseCsv(res.getContentText().replace(/^\\uFEFF/, ""));
  const sheet = SpreadsheetApp.getActiveSheet();
  sheet.clearContents();
  sheet.getRange(1, 1, rows.length, rows[0].length).setValues(rows);
}`;

  return { curl, python, sheets, appsScript };
}

/** The document's `info.description` (Markdown): the rules a script meets, then the examples. */
export function apiGuide(origin: string, ratePerMinute: number): string {
  const ex = apiExamples(origin);
  return `Reports, exports and orders of this WEEX affiliate dashboard, for scripts and BI tools. Generated from the dashboard's contract (the schemas every route parses with), so it says what the server does.

## Signing in: API tokens

Make a token on [API tokens](${origin}/settings/tokens) (it is shown once) and send it with every request:

\`\`\`
Authorization: Bearer wxd_…
\`\`\`

- A token acts as you, with the role it was made with (never above yours, now or later) and until its expiry (at most a year). Anything that changes something (POST, PUT, PATCH, DELETE) needs a token made with **write**. A token request needs no \`Origin\` header.
- Revoking it, or your account being disabled, stops it on every instance of the dashboard within 5 seconds. A revoked or expired token is answered \`401 unauthorized\`.
- Each token may make ${ratePerMinute} requests a minute (per dashboard instance); past that, \`429 rate_limited\` with \`Retry-After\`. The WEEX budget is shared fairly: your tokens together take turns like one more person, so a script never holds up the people using the pages. One export runs at a time for your tokens (another one meanwhile: 429 with \`Retry-After\`).
- Keep tokens out of code, URLs and shared sheets: in an environment variable or a secret store. Make one token per script, read-only unless it must change things, with the shortest expiry that works.
- Errors are always \`{"error": {"code", "message", "fields"?}}\`; times are epoch milliseconds, ids and decimals strings.

## curl

\`\`\`sh
${ex.curl}
\`\`\`

## Python: paging through invited users

\`\`\`python
${ex.python}
\`\`\`

## Google Sheets

\`IMPORTDATA\` cannot send a header, so it can only use a token in the URL. The CSV exports (and nothing else) take a token **made for URLs** (a read-only viewer token) as \`?${TOKEN_QUERY_PARAM}=\`. Be aware: everyone who can open the sheet can read the formula and with it the token, and the URL is fetched by Google's servers (the dashboard must be reachable from the internet). Give such a token a short expiry and revoke it when the sheet is shared further.

\`\`\`
${ex.sheets}
\`\`\`

Safer: an Apps Script that sends the token in the header, kept in the script's properties (not in the sheet):

\`\`\`js
${ex.appsScript}
\`\`\`
`;
}
