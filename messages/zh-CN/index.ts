/** The zh-CN catalogue: one JSON file per namespace (a page, a folder of shared components, or errors/email). */
import common from "./common.json";
import shell from "./shell.json";
import login from "./login.json";
import pages from "./pages.json";
import ui from "./ui.json";
import period from "./period.json";
import charts from "./charts.json";
import overview from "./overview.json";
import subAffiliates from "./subAffiliates.json";
import invitees from "./invitees.json";
import cohorts from "./cohorts.json";
import transfers from "./transfers.json";
import orders from "./orders.json";
import markets from "./markets.json";
import coins from "./coins.json";
import archive from "./archive.json";
import admin from "./admin.json";
import alerts from "./alerts.json";
import trading from "./trading.json";
import exports from "./exports.json";
import errors from "./errors.json";
import email from "./email.json";
import tokens from "./tokens.json";

const messages = { common, shell, login, pages, ui, period, charts, overview, subAffiliates, invitees, cohorts, transfers, orders, markets, coins, archive, admin, alerts, trading, exports, errors, email, tokens };
export default messages;
