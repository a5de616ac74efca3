// The BIP-39 English word list (the public list wallets draw recovery phrases from: bitcoin/bips,
// bip-0039/english.txt), front-coded: each word is the number of letters it shares with the word
// before it, then the rest. A test checks the decoded list against the published list's SHA-256.
// Threat: a recovery phrase of 12 to 24 of these words is a wallet's private key in words; no pattern
// reads it as a secret (it is lower-case words and blanks, as prose is), only the list does.
const FRONT_CODED =
  '0abandon2ility2le2out3ve2sent3orb3tract3urd2use1ccess3ident3ount3use2hieve2id2oustic2quire2ross2t3ion3or3ress' +
  '3ual1dapt2d3ict3ress2just2mit2ult2vance3ice1erobic1ffair3ord2raid1gain2e3nt2ree1head1im2r3port2sle1larm2bum' +
  '2cohol2ert2ien2l3ey3ow2most2one2pha2ready2so2ter2ways1mateur3zing2ong3unt2used1nalyst2chor3ient2ger3le3ry2imal' +
  '2kle2nounce3ual2other2swer2tenna3ique2xiety2y1part2ology2pear3le3rove2ril1rch3tic2ea3na2gue2m3ed3or3y2ound' +
  '2range3est3ive3ow2t3efact3ist3work1sk2pect2sault3et3ist3ume2thma1thlete2om2tack3end3itude3ract1uction2dit2gust' +
  '2nt2thor3o3umn1verage2ocado3id1wake3re3y2esome2ful2kward1xis0baby2chelor3on2dge2g2lance3cony3l2mboo2nana3ner2r' +
  '3ely3gain3rel2se3ic3ket2ttle1each3n3uty2cause3ome2ef2fore2gin2have3ind2lieve3ow3t2nch3efit2st2tray3ter3ween' +
  '2yond1icycle2d2ke2nd2ology2rd3th2tter1lack3de3me3nket3st2eak3ss2ind2ood3ssom3use2ue3r3sh1oard3t2dy2il2mb2ne3us' +
  '2ok3st2rder3ing3row2ss2ttom2unce2x2y1racket3in3nd3ss3ve2ead3eze2ick3dge3ef3ght3ng3sk2occoli3ken3nze3om3ther3wn' +
  '2ush1ubble2ddy3get2ffalo2ild2lb3k3let2ndle3ker2rden3ger3st2s3iness3y2tter2yer2zz0cabbage3in3le2ctus2ge2ke2ll3m' +
  '2mera3p2n3al3cel3dy3non3oe3vas3yon2pable3ital3tain2r3bon3d3go3pet3ry3t2se3h3ino3tle3ual2t3alog3ch3egory3tle' +
  '2ught3se3tion2ve1eiling2lery2ment2nsus3tury2real3tain1hair3lk3mpion3nge3os3pter3rge3se3t2eap3ck3ese3f3rry3st' +
  '2icken3ef3ld3mney2oice3ose2ronic2uckle3nk3rn1igar2nnamon2rcle2tizen3y2vil1laim3p3rify3w3y2ean3rk3ver2ick3ent' +
  '3ff3mb3nic3p2ock3g3se3th3ud3wn2ub3mp3ster3tch1oach3st2conut2de2ffee2il3n2llect3or3umn2mbine3e3fort3ic3mon3pany' +
  '2ncert3duct3firm3gress3nect3sider3trol3vince2ok3l2pper3y2ral3e3n3rect2st2tton2uch3ntry3ple3rse3sin2ver2yote' +
  '1rack3dle3ft3m3ne3sh3ter3wl3zy2eam3dit3ek3w2icket3me3sp3tic2op3ss3uch3wd2ucial3el3ise3mble3nch3sh2y3stal1ube' +
  '2lture2p3board2rious3rent3tain3ve2shion3tom2te1ycle0dad2mage3p2nce3ger2ring2sh2ughter2wn2y1eal2bate3ris2cade' +
  '3ember3ide3line3orate3rease2er2fense3ine3y2gree2lay3iver2mand3ise2nial3tist3y2part3end3osit3th3uty2rive2scribe' +
  '3ert3ign3k3pair3troy2tail3ect2velop3ice3ote1iagram3l3mond3ry2ce2esel3t2ffer2gital3nity2lemma2nner3osaur2rect3t' +
  '2sagree3cover3ease3h3miss3order3play3tance2vert3ide3orce2zzy1octor3ument2g2ll3phin2main2nate3key3or2or2se2uble' +
  '2ve1raft3gon3ma3stic3w2eam3ss2ift3ll3nk3p3ve2op2um2y1uck2mb2ne2ring2st2tch3y1warf1ynamic0eager3le2rly3n3th' +
  '2sily3t3y1cho2ology3nomy1dge2it2ucate1ffort1gg1ight2ther1lbow2der2ectric3gant3ment3phant3vator2ite2se1mbark' +
  '3ody3race2erge2otion2ploy3ower3ty1nable3ct2d3less3orse2emy3rgy2force2gage3ine2hance2joy2list2ough2rich3oll' +
  '2sure2ter3ire3ry2velope1pisode1qual3ip1ra3se2ode3sion2ror2upt1scape2say3ence2tate1ternal2hics1vidence3l2oke' +
  '3lve1xact3mple2cess3hange3ite3lude3use2ecute3rcise2haust3ibit2ile3st3t2otic2pand3ect3ire3lain3ose3ress2tend3ra' +
  '1ye3brow0fabric2ce3ulty2de2int3th2ll3se2me3ily3ous2n3cy3tasy2rm2shion2t3al3her3igue2ult2vorite1eature2bruary' +
  '2deral2e3d3l2male2nce2stival2tch2ver2w1iber2ction2eld2gure2le3m3ter2nal3d3e3ger3ish2re3m3st2scal3h2t3ness2x' +
  '1lag3me3sh3t3vor2ee2ight3p2oat3ck3or3wer2uid3sh2y1oam2cus2g2il2ld3low2od3t2rce3est3get3k3tune3um3ward2ssil3ter' +
  '2und2x1ragile3me2equent3sh2iend3nge2og3nt3st3wn3zen2uit1uel2n3ny2rnace3y2ture0gadget2in2laxy3lery2me2p2rage' +
  '3bage3den3lic3ment2s3p2te3her2uge2ze1eneral3ius3re3tle3uine2sture1host1iant2ft2ggle2nger2raffe3l2ve1lad3nce3re' +
  '3ss2ide3mpse2obe3om3ry3ve3w2ue1oat2ddess2ld2od3se2rilla2spel3sip2vern2wn1rab3ce3in3nt3pe3ss3vity2eat3en2id3ef' +
  '3t2ocery3up3w2unt1uard2ess2ide3lt3tar2n1ym0habit2ir2lf2mmer3ster2nd2ppy2rbor3d3sh3vest2t2ve2wk2zard1ead3lth3rt' +
  '3vy2dgehog2ight2llo3met3p2n2ro1idden2gh2ll2nt2p2re2story1obby2ckey2ld3e3iday3low2me2ney2od2pe2rn3ror3se2spital' +
  '3t2tel2ur2ver1ub2ge2man3ble3or2ndred3gry3t2rdle3ry3t2sband1ybrid0ice2on1dea3ntify2le1gnore1ll3egal3ness1mage' +
  '2itate2mense3une2pact3ose3rove3ulse1nch3lude3ome3rease2dex3icate3oor3ustry2fant3lict3orm2hale3erit2itial2ject' +
  '3ury2mate2ner3ocent2put2quiry2sane3ect3ide3pire3tall2tact3erest3o2vest3ite3olve1ron1sland2olate2sue1tem1vory' +
  '0jacket2guar2r2zz1ealous3ns2lly2wel1ob2in2ke2urney2y1udge2ice2mp2ngle3ior3k2st0kangaroo1een3p2tchup2y1ick2d' +
  '3ney2nd3gdom2ss2t3chen3e3ten2wi1nee2ife2ock3w0lab3el3or2dder3y2ke2mp2nguage2ptop2rge2ter3in2ugh3ndry2va2w3n' +
  '3suit2yer2zy1eader3f3rn3ve2cture2ft2g3al3end2isure2mon2nd3gth3s2opard2sson2tter2vel1iar2berty3rary2cense2fe3t' +
  '2ght2ke2mb3it2nk2on2quid2st2ttle2ve2zard1oad3n2bster2cal3k2gic2nely3g2op2ttery2ud3nge2ve2yal1ucky2ggage2mber' +
  '2nar3ch2xury1yrics0machine2d2gic3net2id3l3n2jor2ke2mmal2n3age3date3go3sion3ual2ple2rble3ch3gin3ine3ket3riage' +
  '2sk3s3ter2tch3erial3h3rix3ter2ximum2ze1eadow3n3sure3t2chanic2dal3ia2lody3t2mber3ory2ntion3u2rcy3ge3it3ry2sh' +
  '3sage2tal3hod1iddle3night2lk3lion2mic2nd3imum3or3ute2racle3ror2sery3s3take2x3ed3ture1obile2del3ify2m3ent2nitor' +
  '3key3ster3th2on2ral3e3ning2squito2ther3ion3or2untain3se2ve3ie1uch2ffin2le3tiply2scle3eum3hroom3ic3t2tual1yself' +
  '3tery2th0naive2me2pkin2rrow2sty2tion3ure1ear2ck2ed2gative3lect2ither2phew2rve2st2t3work2utral2ver2ws2xt1ice' +
  '2ght1oble2ise2minee2odle2rmal3th2se2table3e3hing3ice2vel2w1uclear2mber2rse2t0oak1bey2ject2lige2scure3erve2tain' +
  '2vious1ccur2ean2tober1dor1ff3er3ice2ten1il1kay1ld2ive2ympic1mit1nce2e2ion2line3y1pen3ra2inion2pose2tion1range' +
  '2bit2chard2der3inary2gan2ient3ginal2phan1strich1ther1utdoor3er3put3side1val2en3r1wn3er1xygen1yster1zone0pact' +
  '2ddle2ge2ir2lace3m2nda3el3ic3ther2per2rade3ent3k3rot3ty2ss2tch3h3ient3rol3tern2use2ve2yment1eace3nut3r3sant' +
  '2lican2n3alty3cil2ople2pper2rfect3mit3son2t1hone3to2rase2ysical1iano2cnic3ture2ece2g3eon2ll3ot2nk2oneer2pe' +
  '2stol2tch2zza1lace3net3stic3te3y2ease3dge2uck3g3nge1oem3t2int2lar3e3ice2nd3y2ol2pular2rtion2sition3sible3t' +
  '2tato3tery2verty2wder3er1ractice3ise2edict3fer3pare3sent3tty3vent2ice3de3mary3nt3ority3son3vate3ze2oblem3cess' +
  '3duce3fit3gram3ject3mote3of3perty3sper3tect3ud3vide1ublic2dding2ll3p3se2mpkin2nch2pil3py2rchase3ity3pose3se2sh' +
  '2t2zzle1yramid0quality3ntum3rter2estion2ick3t3z2ote0rabbit2ccoon3e3k2dar3io2il3n3se2lly2mp2nch3dom3ge2pid2re' +
  '2te3her2ven2w2zor1eady3l3son2bel3uild2call3eive3ipe3ord3ycle2duce2flect3orm3use2gion3ret3ular2ject2lax3ease' +
  '3ief3y2main3ember3ind3ove2nder3ew3t2open2pair3eat3lace3ort2quire2scue3emble3ist3ource3ponse3ult2tire3reat3urn' +
  '2union2veal3iew2ward1hythm1ib3bon2ce3h2de3ge2fle2ght3id2ng2ot2pple2sk2tual2val3er1oad3st2bot3ust2cket2mance2of' +
  '3kie3m2se2tate2ugh3nd3te2yal1ubber2de2g2le2n3way2ral0sad3dle3ness2fe2il2lad3mon3on3t3ute2me3ple2nd2tisfy3oshi' +
  '2uce3sage2ve2y1cale3n3re3tter2ene2heme3ool2ience3ssors2orpion3ut2rap3een3ipt3ub1ea3rch3son3t2cond3ret3tion' +
  '3urity2ed3k2gment2lect3l2minar2nior3se3tence2ries3vice2ssion2ttle3up2ven1hadow3ft3llow3re2ed3ll3riff2ield3ft' +
  '3ne3p3ver2ock3e3ot3p3rt3ulder3ve2rimp3ug2uffle2y1ibling2ck2de2ege2ght3n2lent3k3ly3ver2milar3ple2nce3g2ren2ster' +
  '2tuate2x2ze1kate2etch2i3ll3n3rt2ull1lab3m2eep3nder2ice3de3ght3m2ogan3t3w2ush1mall3rt2ile2oke3oth1nack3ke3p2iff' +
  '2ow1oap2ccer3ial3k2da2ft2lar3dier3id3ution3ve2meone2ng2on2rry3t2ul3nd3p3rce3th1pace3re3tial3wn2eak3cial3ed3ll' +
  '3nd2here2ice3der3ke3n3rit2lit2oil3nsor3on3rt3t2ray3ead3ing2y1quare3eeze3irrel1table3dium3ff3ge3irs3mp3nd3rt3te' +
  '3y2eak3el3m3p3reo2ick3ll3ng2ock3mach3ne3ol3ry3ve2rategy3eet3ike3ong3uggle2udent3ff3mble2yle1ubject3mit3way' +
  '2ccess3h2dden2ffer2gar3gest2it2mmer2n3ny3set2per3ply3reme2re3face3ge3prise3round3vey2spect3tain1wallow3mp3p3rm' +
  '2ear3et2ift3m3ng3tch2ord1ymbol3ptom2rup2stem0table2ckle2g2il2lent3k2nk2pe2rget2sk3te2ttoo2xi1each3m2ll2n3ant' +
  '3nis3t2rm2st2xt1hank3t2eme3n3ory3re3y2ing3s2ought2ree3ive3ow2umb3nder1icket2de2ger2lt2mber3e2ny2p2red2ssue2tle' +
  '1oast2bacco2day3dler2e2gether2ilet2ken2mato3orrow2ne3gue3ight2ol3th2p3ic3ple2rch3nado3toise2ss2tal2urist2ward' +
  '3er3n2y1rack3de3ffic3gic3in3nsfer3p3sh3vel3y2eat3e3nd2ial3be3ck3gger3m3p2ophy3uble2uck3e3ly3mpet3st3th2y1ube' +
  '2ition2mble2na3nel2rkey3n3tle1welve3nty2ice3n3st2o1ype3ical0ugly1mbrella1nable3ware2cle3over2der3o2fair3old' +
  '2happy2iform3que3t3verse2known2lock2til2usual2veil1pdate2grade2hold2on2per2set1rban2ge1sage2e3d3ful3less2ual' +
  '1tility0vacant3uum2gue2lid3ley3ve2n3ish2por2rious2st2ult1ehicle2lvet2ndor3ture3ue2rb3ify3sion3y2ssel2teran' +
  '1iable2brant2cious3tory2deo2ew2llage2ntage2olin2rtual3us2sa3it3ual2tal2vid1ocal2ice3d2lcano3ume2te2yage0wage' +
  '3on2it2lk3l3nut2nt2rfare3m3rior2sh3p3te2ter2ve2y1ealth3pon3r3sel3ther2b2dding2ekend2ird2lcome2st2t1hale3t2eat' +
  '3el3n3re2ip3sper1ide3th2fe2ld3l2n3dow3e3g3k3ner3ter2re2sdom3e3h2tness1olf2man2nder2od3l2rd3k3ld3ry3th1rap2eck' +
  '3stle2ist3te2ong0yard1ear2llow1ou3ng3th0zebra2ro1one2o';

let words: Set<string> | undefined;

/** The 2048 words. */
export function bip39Words(): Set<string> {
  if (words !== undefined) return words;
  const out: string[] = [];
  let prev = '';
  for (const m of FRONT_CODED.matchAll(/(\d)([a-z]*)/g)) {
    prev = prev.slice(0, Number(m[1])) + m[2]!;
    out.push(prev);
  }
  return (words = new Set(out));
}

/** The lengths a phrase has (BIP-39: 128 to 256 bits of entropy, 32 bits a step, 3 words each). */
const LENGTHS = [12, 15, 18, 21, 24];

/** What may stand between two words of one phrase: blanks, commas, quotes, a list's numbering (a bracket or a colon ends it). */

/**
 * The runs of at least 12 words of the list in `text`, as [start, end) of each word, runs with fewer than
 * six distinct words aside (`abandon abandon … about`, the published test phrase). Separators between
 * words: blanks (a line break too), commas, quotes, brackets, a list's numbering.
 */
export function mnemonicRuns(text: string): [number, number][][] {
  const set = bip39Words();
  const runs: [number, number][][] = [];
  let run: [number, number][] = [];
  const close = () => {
    if (run.length >= LENGTHS[0]! && new Set(run.map(([s, e]) => text.slice(s, e))).size >= 6) runs.push(run);
    run = [];
  };
  // Words of 3 to 8 lower-case letters (the list's lengths), read by hand: a regex and a slice per word of a
  // file cost more than the rest of its masking.
  let lastEnd = -1;
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    if (!(c >= 97 && c <= 122)) {
      i++;
      continue;
    }
    let e = i + 1;
    while (e < text.length && text.charCodeAt(e) >= 97 && text.charCodeAt(e) <= 122) e++;
    const bounded = !isWordCode(text.charCodeAt(i - 1)) && !isWordCode(text.charCodeAt(e));
    // A word that names a key (`address: 0x…` on the line after a phrase) is no word of the phrase.
    const member = bounded && e - i >= 3 && e - i <= 8 && set.has(text.slice(i, e)) && !keyNameAt(text, e);
    if (!member || (lastEnd >= 0 && !between(text, lastEnd, i))) close();
    if (member) {
      run.push([i, e]);
      lastEnd = e;
    } else lastEnd = -1;
    i = e;
  }
  close();
  return runs;
}

/** BETWEEN on `text[s, e)`, by hand: blanks, commas, quotes, `|`, `-`, and at most one number of a list (`12.` `3)`). */
function between(text: string, s: number, e: number): boolean {
  let digits = 0;
  let numbered = false;
  for (let i = s; i < e; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (numbered || ++digits > 2) return false;
      continue;
    }
    if (digits > 0) {
      numbered = true;
      digits = 0;
      if (c === 46 || c === 41) continue;
    }
    if (!(c === 32 || c === 9 || c === 10 || c === 13 || c === 44 || c === 34 || c === 39 || c === 96 || c === 124 || c === 45)) return false;
  }
  return true;
}

/** Is the word ending at `e` a key: `:` or `=` after it, blanks aside (`address: 0x…`, `seed = …`)? */
function keyNameAt(text: string, e: number): boolean {
  let j = e;
  while (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9) j++;
  const c = text.charCodeAt(j);
  return c === 58 || c === 61;
}

function isWordCode(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95;
}

/**
 * A value that reads as a recovery phrase under a name that says so (`MNEMONIC: …`, `seed_phrase = …`): 12 to 24
 * words (a multiple of three), each of 3 to 8 lower-case letters, six or more distinct, two in three of them on the
 * list. Another wallet's list (Electrum's old one, Monero's) or a mistyped word is still the phrase: the name
 * decided it is one; the words only confirm it is not prose.
 */
export function isNamedPhrase(value: string): boolean {
  const words = value.trim().split(/[ \t]+/);
  if (words.length < 12 || words.length > 24 || words.length % 3 !== 0) return false;
  const set = bip39Words();
  let listed = 0;
  for (const w of words) {
    if (!/^[a-z]{3,8}$/.test(w)) return false;
    if (set.has(w)) listed++;
  }
  return 3 * listed >= 2 * words.length && new Set(words).size >= 6;
}

/** A value that is a recovery phrase: 12, 15, 18, 21 or 24 words of the list and nothing else. */
export function isMnemonic(value: string): boolean {
  const runs = mnemonicRuns(value);
  if (runs.length !== 1) return false;
  const run = runs[0]!;
  return LENGTHS.includes(run.length) && value.slice(0, run[0]![0]).trim() === '' && value.slice(run[run.length - 1]![1]).trim() === '';
}
