// Vendor tokens rot13'd or reversed (transformed-token): undone and judged by the line rules; rot13'd and
// reversed look-alikes that undo to no token stay. Fake tokens are built here at run time.
import { ALNUM, rand } from '../../../src/core/secrets/samples';
import { rot13 } from '../../../src/core/secrets/rules/transformed-token';
import { keeps, masks } from './helpers';

let seed = 0x13a7;
const r = (n: number, a = ALNUM) => rand(a, n, seed++ * 7919);
const reverse = (s: string) => [...s].reverse().join('');
const TOKENS: [string, () => string][] = [
  ['github', () => 'ghp' + '_' + r(36)],
  ['github-oauth', () => 'gho' + '_' + r(36)],
  ['github-pat', () => 'github' + '_pat_' + r(22) + '_' + r(59)],
  ['stripe', () => 'sk' + '_live_' + r(24)],
  ['stripe-restricted', () => 'rk' + '_live_' + r(24)],
  ['anthropic', () => 'sk-' + 'ant-api03-' + r(93, ALNUM + '-_') + 'AA'],
  ['slack', () => 'xox' + 'b-' + r(11, '0123456789') + '-' + r(13, '0123456789') + '-' + r(24)],
  ['gitlab', () => 'glp' + 'at-' + r(20)],
];
const FORMS: ((v: string) => string)[] = [(v) => `const s = "${v}";`, (v) => `x = '${v}'`, (v) => `  blob: ${v}`];

describe('transformed tokens', () => {
  for (const [name, make] of TOKENS)
    for (const [i, form] of FORMS.entries()) {
      it(`masks a rot13'd ${name} token (form ${i})`, () => {
        const v = rot13(make());
        masks(`${form(v)}\nok = 1\n`, [v]);
      });
      it(`masks a reversed ${name} token (form ${i})`, () => {
        const v = reverse(make());
        masks(`${form(v)}\nok = 1\n`, [v]);
      });
    }
  const benign = [
    'name = "tcu_config_loader_module"\n',
    'label: evil_ks_handler\n',
    'x = "abc_phg"\n',
    'const s = "fx_yvir_test_fixture_name_here";\n',
    'path = "tub_assets/images/logo_phg"\n',
    'const id = "tuc_";\n',
    'kbko-widget-container-large\n',
    'env: tycng-mirror-readme-docs\n',
    'route = "/api/v1/evil_ks_report"\n',
    'CSS_CLASS = "tuf_header_nav_item"\n',
    'fn = reverse("hello_world_phg")\n',
    'x = "' + rot13('ghp' + '_' + 'a'.repeat(36)) + '"\n',
    'msg = "rot13 of ghp_ is tcu_, of sk_live_ is fx_yvir_"\n',
    'tag: v1.2.3-tna-ks\n',
    '# the suffix _phg marks a reversed token\n',
    'unit = "tuh_settings_panel_default"\n',
    'handle_evil_ks_mode = True\n',
    'ok = "azc_registry_mirror"\n',
    'kbkc-tooltip\n',
    'x = "-taplg"\n',
  ];
  for (const t of benign) it(`keeps ${JSON.stringify(t.trim())}`, () => keeps(t));
});
