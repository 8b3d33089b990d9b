"""Writes tests/sequencing/new_scenarios/*.yaml (expectations derived by hand from MTR 4.3 / CR)."""
from pathlib import Path

import yaml

OUT = Path(__file__).resolve().parent / 'new_scenarios'
ED = '2026-08-07'
S = []
def sc(fname, name, source, state, question, verdict, fails=(), cards=None):
    d = {'name': name, 'source': source, 'edition': ED}
    if cards:
        d['cards'] = cards
    d['state'] = state
    d['question'] = dict(kind='sequencing', **question)
    d['expect'] = {'verdict': verdict, **({'fails': sorted(fails)} if fails else {})}
    S.append((fname, d))

CRUEL = {'players': ['alice', 'bob'], 'step': 'main1',
         'alice': {'graveyard': ['Grizzly Bears', 'Llanowar Elves'], 'library': {'hidden': 40}, 'stack': ['Cruel Ultimatum']},
         'bob': {'battlefield': ['Serra Angel'], 'hand': {'hidden': 5}}}
# --- 1 retroactive action after a pause, the last action of the correct order
sc('new_cruel_ultimatum_life_gain_after_pause', 'Cruel Ultimatum — the life gain, last of the correct order, taken after a pause',
   'MTR 4.3: a substantial pause ends the batch and moves the game past the spell; the forgotten life gain cannot be taken back retroactively, even though it is the last instruction (CR 608.2c)',
   CRUEL, {'resolving': 'Cruel Ultimatum', 'performed': ['bob sacrifices Serra Angel', 'bob discards 3', 'bob loses 5 life',
        'alice returns Grizzly Bears', 'alice draws 3', {'pause': 'alice looks at her new hand'}, 'alice gains 5 life']},
   'does-not-stand', ['no-interaction'])
sc('new_cruel_ultimatum_life_gain_before_pause', 'Cruel Ultimatum — everything in order, then a pause',
   'MTR 4.3: a pause after the completed batch is not inside it; twin of the retroactive life gain', CRUEL,
   {'resolving': 'Cruel Ultimatum', 'performed': ['bob sacrifices Serra Angel', 'bob discards 3', 'bob loses 5 life',
        'alice returns Grizzly Bears', 'alice draws 3', 'alice gains 5 life', {'pause': 'alice looks at her new hand'}]},
   'stands')
SOLEMN = {'players': ['alice', 'bob'], 'step': 'main1',
          'alice': {'battlefield': ['Solemn Simulacrum', 'Solemn Simulacrum'], 'library': {'hidden': 30}}}
sc('new_dying_put_into_graveyard_after_pause', 'Two creatures die at once — the second put into the graveyard after a pause',
   'CR 704.3 (both go to the graveyard in the same check); MTR 4.3: after the pause the game has reached the priority after the first trigger resolved, so putting the other creature into the graveyard then is retroactive',
   SOLEMN, {'dying': ['Solemn Simulacrum', 'Solemn Simulacrum#2'], 'performed': ['alice puts Solemn Simulacrum into the graveyard',
        'alice draws 1', 'pause', 'alice puts Solemn Simulacrum#2 into the graveyard', 'alice draws 1']},
   'does-not-stand', ['no-interaction'])
sc('new_dying_pause_between_triggers', 'Two creatures die at once — a pause between the two dies triggers',
   'CR 704.3, 603.3b, 117.3: a player receives priority between the two resolutions, so a pause there moves the game to a legal point with the second trigger still on the stack; resolving it afterwards is not retroactive (MTR 4.3)',
   SOLEMN, {'dying': ['Solemn Simulacrum', 'Solemn Simulacrum#2'], 'performed': ['alice puts Solemn Simulacrum into the graveyard',
        'alice puts Solemn Simulacrum#2 into the graveyard', 'alice draws 1', 'pause', 'alice draws 1']},
   'stands')
# --- 2 state-based actions between trigger resolutions
HEAL_CARDS = [
    {'name': 'Kind Healer', 'cost': '{1}{W}', 'types': ['creature'], 'power': 1, 'toughness': 1,
     'triggered': [{'when': 'dies', 'effect': [{'do': 'gain-life', 'who': 'you', 'amount': 5}]}]},
    {'name': 'Spiteful Wisp', 'cost': '{1}{B}', 'types': ['creature'], 'power': 1, 'toughness': 1,
     'triggered': [{'when': 'dies', 'effect': [{'do': 'lose-life', 'who': 'opponents', 'amount': 3}]}]},
]
def heal_state(life):
    return {'players': ['alice', 'bob'], 'step': 'main1',
            'alice': {'life': life, 'battlefield': ['Kind Healer']}, 'bob': {'battlefield': ['Spiteful Wisp']}}
DYING2 = ['Kind Healer', 'Spiteful Wisp']
PUTS = ['alice puts Kind Healer into the graveyard', 'bob puts Spiteful Wisp into the graveyard']
sc('new_dying_state_based_loss_between_triggers', 'Two creatures die at once — alice at 2 life gains 5 before losing 3',
   "CR 603.3b (APNAP: the active player's trigger goes on the stack first, bob's resolves first), CR 704.3/704.5a (alice at -1 loses before her own trigger resolves); MTR 4.3: the life gain never happens in the correct order",
   heal_state(2), {'dying': DYING2, 'performed': PUTS + ['alice gains 5 life', 'alice loses 3 life']},
   'does-not-stand', ['nothing-added-or-forgotten', 'same-state'], HEAL_CARDS)
sc('new_dying_state_based_loss_in_order', 'Two creatures die at once — alice at 2 life loses 3 and the game ends',
   'CR 603.3b, 704.5a: the block stops where the game ends; the performed run, on the same laws, ends with alice at -1 having lost too',
   heal_state(2), {'dying': DYING2, 'performed': PUTS + ['alice loses 3 life']}, 'stands', (), HEAL_CARDS)
sc('new_dying_gain_before_loss_survives', 'Two creatures die at once — alice at 4 life gains 5 before losing 3',
   'CR 603.3b, 704.3: at 4 life alice survives the first trigger (1 life), so both happen; the two life changes commute and inform nobody (MTR 4.3)',
   heal_state(4), {'dying': DYING2, 'performed': PUTS + ['alice gains 5 life', 'alice loses 3 life']}, 'stands', (), HEAL_CARDS)
# --- 3 triggers of every player: the nonactive player's "each upkeep" trigger
TOLL = [{'name': 'Bleak Toll', 'cost': '{1}{B}', 'types': ['enchantment'],
         'triggered': [{'when': 'each-upkeep', 'effect': [{'do': 'lose-life', 'who': 'that-player', 'amount': 2}]}]}]
def toll_state(life):
    return {'players': ['alice', 'bob'], 'step': 'untap',
            'alice': {'life': life, 'battlefield': ['Masticore', {'card': 'Forest', 'tapped': True}],
                      'hand': ['Lightning Bolt', 'Counterspell'], 'library': {'hidden': 30}},
            'bob': {'battlefield': ['Bleak Toll']}}
sc('new_upkeep_nonactive_trigger_forgotten', "Masticore's upkeep with bob's each-upkeep trigger — the life loss forgotten",
   "CR 503.1, 603.3b: bob's Bleak Toll triggers in alice's upkeep too and resolves first (APNAP); MTR 4.3: the block must hold every action of the correct order",
   toll_state(20), {'steps': ['untap', 'upkeep', 'draw'], 'performed': ['alice untaps', 'alice discards Lightning Bolt', 'alice draws 1']},
   'does-not-stand', ['nothing-added-or-forgotten', 'same-state'], TOLL)
sc('new_upkeep_nonactive_trigger_taken', "Masticore's upkeep with bob's each-upkeep trigger — the life loss taken last",
   "CR 503.1, 603.3b; MTR 4.3: a change of life informs nobody, so taking bob's trigger's life loss after the draw reorders harmlessly",
   toll_state(20), {'steps': ['untap', 'upkeep', 'draw'], 'performed': ['alice untaps', 'alice discards Lightning Bolt', 'alice draws 1', 'alice loses 2 life']},
   'stands', (), TOLL)
sc('new_upkeep_nonactive_trigger_kills', "alice at 2 life: bob's each-upkeep trigger resolves before Masticore's",
   "CR 603.3b (bob's trigger on top), 704.5a (alice at 0 loses before Masticore's trigger resolves and before her draw step); MTR 4.3: the discard and the draw are not in the correct order",
   toll_state(2), {'steps': ['untap', 'upkeep', 'draw'], 'performed': ['alice untaps', 'alice discards Lightning Bolt', 'alice loses 2 life', 'alice draws 1']},
   'does-not-stand', ['nothing-added-or-forgotten', 'same-state'], TOLL)
sc('new_upkeep_nonactive_trigger_kills_in_order', "alice at 2 life: the block ends with bob's trigger's life loss",
   'CR 603.3b, 704.5a: the correct order ends when alice loses; the block holds exactly its actions',
   toll_state(2), {'steps': ['untap', 'upkeep', 'draw'], 'performed': ['alice untaps', 'alice loses 2 life']}, 'stands', (), TOLL)
# --- 4 a reorder fine as a whole although one pair looks illegal in isolation
RUMMAGE = [{'name': 'Reckless Rummage', 'cost': '{1}{R}', 'types': ['sorcery'],
            'resolve': [{'do': 'discard', 'who': 'you', 'count': 2}, {'do': 'draw', 'who': 'you', 'count': 2}]}]
def rummage_state(hand):
    return {'players': ['alice', 'bob'], 'step': 'main1',
            'alice': {'hand': hand, 'library': {'hidden': 20}, 'stack': ['Reckless Rummage']}}
sc('new_rummage_draw_before_discarding_whole_hand', 'Reckless Rummage — drawing first, then discarding the one card held at resolution',
   'CR 608.2c (discard two, then draw two): with one card in hand the discard is that card (forced), so drawing first leaks nothing; seen in the performed context the single discard looks short of two, but in the correct order it is legal (MTR 4.3: legal in the correct order)',
   rummage_state(['Lightning Bolt']), {'resolving': 'Reckless Rummage', 'performed': ['alice draws 2', 'alice discards Lightning Bolt']},
   'stands', (), RUMMAGE)
sc('new_rummage_draw_before_choosing_discards', 'Reckless Rummage — drawing before choosing two of three cards to discard',
   'CR 608.2c; MTR 4.3: the two drawn cards were known before a real choice of discards',
   rummage_state(['Lightning Bolt', 'Counterspell', 'Explore']),
   {'resolving': 'Reckless Rummage', 'performed': ['alice draws 2', 'alice discards Lightning Bolt, Counterspell']},
   'does-not-stand', ['no-leak'], RUMMAGE)
sc('new_rummage_in_order', 'Reckless Rummage — discarding two of three, then drawing', 'CR 608.2c; twin of the leak',
   rummage_state(['Lightning Bolt', 'Counterspell', 'Explore']),
   {'resolving': 'Reckless Rummage', 'performed': ['alice discards Lightning Bolt, Counterspell', 'alice draws 2']}, 'stands', (), RUMMAGE)
# --- 5 reveal / look knowledge (lines beyond today's LINE_FORMS: "<p> reveals his hand", "<p> looks at <q>'s hand")
BARGAIN = [
    {'name': 'Open Bargain', 'cost': '{1}{B}', 'types': ['sorcery'], 'targets': ['opponent'],
     'resolve': [{'do': 'reveal', 'who': 'target', 'what': 'hand'}, {'do': 'sacrifice', 'who': 'you', 'what': 'creature', 'count': 1},
                 {'do': 'discard', 'who': 'target', 'count': 1}]},
    {'name': 'Closed Bargain', 'cost': '{1}{B}', 'types': ['sorcery'], 'targets': ['opponent'],
     'resolve': [{'do': 'sacrifice', 'who': 'you', 'what': 'creature', 'count': 1}, {'do': 'discard', 'who': 'target', 'count': 1}]},
    {'name': 'Late Confession', 'cost': '{1}{B}', 'types': ['sorcery'], 'targets': ['opponent'],
     'resolve': [{'do': 'sacrifice', 'who': 'you', 'what': 'creature', 'count': 1}, {'do': 'reveal', 'who': 'target', 'what': 'hand'}]},
    {'name': 'Late Glimpse', 'cost': '{1}{U}', 'types': ['sorcery'], 'targets': ['opponent'],
     'resolve': [{'do': 'sacrifice', 'who': 'you', 'what': 'creature', 'count': 1}, {'do': 'look', 'who': 'you', 'at': 'target-hand'}]},
]
def bargain_state(spell):
    return {'players': ['alice', 'bob'], 'step': 'main1',
            'alice': {'battlefield': ['Grizzly Bears', 'Llanowar Elves'], 'stack': [spell]}, 'bob': {'hand': {'hidden': 1}}}
sc('new_reveal_makes_early_discard_harmless', "Open Bargain — bob's only card, already revealed, discarded before alice chooses",
   "DESIGN §5.4 (knowledge: a reveal tells everyone); MTR 4.3: the discard shows alice nothing she did not know from the reveal, which the correct order puts before her choice",
   bargain_state('Open Bargain'), {'resolving': 'Open Bargain', 'performed': ['bob reveals his hand', 'bob discards 1', 'alice sacrifices Llanowar Elves']},
   'stands', (), BARGAIN)
sc('new_unrevealed_discard_before_choice', "Closed Bargain — bob's only hidden card discarded before alice chooses",
   'CR 608.2c (alice sacrifices, then bob discards); MTR 4.3: the discard moved a card alice had not seen into a public zone before her choice between two creatures',
   bargain_state('Closed Bargain'), {'resolving': 'Closed Bargain', 'performed': ['bob discards 1', 'alice sacrifices Llanowar Elves']},
   'does-not-stand', ['no-leak'], BARGAIN)
sc('new_unrevealed_discard_in_order', 'Closed Bargain — in order', 'CR 608.2c; twin of the early discard',
   bargain_state('Closed Bargain'), {'resolving': 'Closed Bargain', 'performed': ['alice sacrifices Llanowar Elves', 'bob discards 1']},
   'stands', (), BARGAIN)
sc('new_reveal_before_choice_leaks', "Late Confession — bob reveals his hand before alice's choice",
   "CR 608.2c (the reveal comes after the sacrifice); MTR 4.3: the reveal told alice bob's hand before a choice it could affect",
   bargain_state('Late Confession'), {'resolving': 'Late Confession', 'performed': ['bob reveals his hand', 'alice sacrifices Llanowar Elves']},
   'does-not-stand', ['no-leak'], BARGAIN)
sc('new_reveal_in_order', 'Late Confession — in order', 'CR 608.2c; twin of the early reveal',
   bargain_state('Late Confession'), {'resolving': 'Late Confession', 'performed': ['alice sacrifices Llanowar Elves', 'bob reveals his hand']},
   'stands', (), BARGAIN)
sc('new_look_before_choice_leaks', "Late Glimpse — alice looks at bob's hand before her choice",
   'CR 608.2c; MTR 4.3: looking is information (DESIGN §5.4: looking tells the looker), taken before a choice between two creatures',
   bargain_state('Late Glimpse'), {'resolving': 'Late Glimpse', 'performed': ["alice looks at bob's hand", 'alice sacrifices Llanowar Elves']},
   'does-not-stand', ['no-leak'], BARGAIN)
# --- 6 counts taken at the moment of the instruction
EVEN = [{'name': 'Even Out', 'cost': '{1}{W}', 'types': ['sorcery'],
         'resolve': [{'do': 'draw', 'who': 'you', 'count': 1}, {'do': 'balance', 'what': 'hand'}]}]
EVEN_STATE = {'players': ['alice', 'bob'], 'step': 'main1',
              'alice': {'hand': ['Lightning Bolt'], 'library': {'hidden': 20}, 'stack': ['Even Out']},
              'bob': {'hand': {'hidden': 4}}}
sc('new_balance_counted_before_the_draw', 'Even Out — bob discards down to the hand alice had before drawing',
   "CR 608.2c: the hands are compared when that instruction happens, after alice's draw (2 cards), so bob discards 2, not 3",
   EVEN_STATE, {'resolving': 'Even Out', 'performed': ['bob discards 3', 'alice draws 1']},
   'does-not-stand', ['legal-in-order', 'same-state'], EVEN)
sc('new_balance_counted_after_the_draw', 'Even Out — bob discards 2 before alice draws',
   "CR 608.2c (counted after the draw); MTR 4.3: alice's draw informs only alice, who has no later choice",
   EVEN_STATE, {'resolving': 'Even Out', 'performed': ['bob discards 2', 'alice draws 1']}, 'stands', (), EVEN)
# --- 7 each-player instructions in APNAP order from the active player, whoever the caster
TOLLD = [{'name': 'Mind Tithe', 'cost': '{1}{B}', 'types': ['instant'], 'resolve': [{'do': 'discard', 'who': 'each-player', 'count': 1}]}]
TITHE = {'players': ['alice', 'bob'], 'step': 'main1',
         'alice': {'hand': ['Lightning Bolt', 'Counterspell']},
         'bob': {'hand': ['Explore', 'Divination'], 'stack': ['Mind Tithe']}}
sc('new_each_player_discard_caster_first', "Mind Tithe cast by the nonactive player — bob, the caster, discards first",
   'CR 101.4: each player chooses in APNAP order starting with the active player, whoever controls the spell; MTR 4.3: alice saw bob\'s choice before making hers',
   TITHE, {'resolving': 'Mind Tithe', 'caster': 'bob', 'performed': ['bob discards Explore', 'alice discards Lightning Bolt']},
   'does-not-stand', ['no-leak'], TOLLD)
sc('new_each_player_discard_active_first', 'Mind Tithe cast by the nonactive player — alice, the active player, first',
   'CR 101.4; twin of the caster-first block', TITHE,
   {'resolving': 'Mind Tithe', 'caster': 'bob', 'performed': ['alice discards Lightning Bolt', 'bob discards Explore']}, 'stands', (), TOLLD)
# --- 8 choices between cards the chooser can't tell apart
def blood(alice_bf):
    return {'players': ['alice', 'bob'], 'step': 'main1',
            'alice': {'battlefield': alice_bf, 'stack': ['Innocent Blood']}, 'bob': {'battlefield': ['Serra Angel', 'Llanowar Elves']}}
sc('new_innocent_blood_two_bears', 'Innocent Blood — bob chooses first, alice picks one of two Grizzly Bears',
   "CR 101.4 (APNAP); DESIGN §5.4 condition 3: alice's choice between two identical Grizzly Bears has one option she can tell apart, so seeing bob's choice first could not change it (MTR 4.3)",
   blood(['Grizzly Bears', 'Grizzly Bears']), {'resolving': 'Innocent Blood', 'performed': ['bob sacrifices Serra Angel', 'alice sacrifices Grizzly Bears']},
   'stands')
sc('new_innocent_blood_bears_and_elves', 'Innocent Blood — bob chooses first, alice picks between Bears and Elves',
   "CR 101.4; MTR 4.3: bob's real choice was seen before alice's real choice; negative twin of the two Bears",
   blood(['Grizzly Bears', 'Llanowar Elves']), {'resolving': 'Innocent Blood', 'performed': ['bob sacrifices Serra Angel', 'alice sacrifices Grizzly Bears']},
   'does-not-stand', ['no-leak'])
sc('new_innocent_blood_bears_and_elves_in_order', 'Innocent Blood — alice first, then bob',
   'CR 101.4; positive twin', blood(['Grizzly Bears', 'Llanowar Elves']),
   {'resolving': 'Innocent Blood', 'performed': ['alice sacrifices Grizzly Bears', 'bob sacrifices Serra Angel']}, 'stands')
# --- 9 another player's forced choice among public objects
CULL = [{'name': 'Cull the Rivals', 'cost': '{1}{B}', 'types': ['instant'],
         'resolve': [{'do': 'sacrifice', 'who': 'opponents', 'what': 'creature', 'count': 1}]}]
sc('new_opponents_sacrifice_forced_seen_early', "Cull the Rivals — carol's forced sacrifice seen before alice chooses",
   "CR 101.4 (alice, the active player, chooses first); DESIGN §5.4 condition 3: carol's only creature was going whatever happened, in public, so seeing it early is no information (MTR 4.3)",
   {'players': ['alice', 'bob', 'carol'], 'step': 'main1', 'alice': {'battlefield': ['Grizzly Bears', 'Llanowar Elves']},
    'bob': {'stack': ['Cull the Rivals']}, 'carol': {'battlefield': ['Serra Angel']}},
   {'resolving': 'Cull the Rivals', 'caster': 'bob', 'performed': ['carol sacrifices Serra Angel', 'alice sacrifices Llanowar Elves']},
   'stands', (), CULL)
# --- 10 the listing order of an unseen library does not matter
SEEK = [{'name': 'Seek and Study', 'cost': '{1}{G}', 'types': ['sorcery'],
         'resolve': [{'do': 'search', 'who': 'you', 'what': 'basic-land', 'count': 1, 'to': 'hand'}, {'do': 'shuffle', 'who': 'you'},
                     {'do': 'draw', 'who': 'you', 'count': 1}]}]
def seek(lib):
    return {'players': ['alice', 'bob'], 'step': 'main1', 'alice': {'library': lib, 'stack': ['Seek and Study']}}
for suffix, lib in (('forest_listed_first', ['Forest', 'Island', {'hidden': 20}]), ('forest_listed_last', [{'hidden': 20}, 'Island', 'Forest'])):
    sc(f'new_library_order_{suffix}', f'Seek and Study — drawing before searching (library: {suffix.replace("_", " ")})',
       'CR 608.2c (search, shuffle, draw); MTR 4.3: the draw showed alice a card before she chose between Forest and Island; DESIGN §5.4: how the scenario lists an unseen library must not change the verdict',
       seek(lib), {'resolving': 'Seek and Study', 'performed': ['alice draws 1', 'alice searches for Forest', 'alice shuffles']},
       'does-not-stand', ['no-leak'], SEEK)
    sc(f'new_library_order_{suffix}_in_order', f'Seek and Study — in order (library: {suffix.replace("_", " ")})',
       'CR 608.2c; positive twin; the same verdict whatever the listing order',
       seek(lib), {'resolving': 'Seek and Study', 'performed': ['alice searches for Forest', 'alice shuffles', 'alice draws 1']},
       'stands', (), SEEK)

# --- 11 state-based actions only where a player would receive priority (CR 704.3)
RITE = [{'name': 'Blood Rite', 'cost': '{1}{B}', 'types': ['sorcery'],
         'resolve': [{'do': 'lose-life', 'who': 'you', 'amount': 3}, {'do': 'gain-life', 'who': 'you', 'amount': 5}]}]
RITE_STATE = {'players': ['alice', 'bob'], 'step': 'main1', 'alice': {'life': 2, 'stack': ['Blood Rite']}}
sc('new_life_dip_inside_a_resolution', 'Blood Rite — alice at 2 life loses 3, then gains 5, in one resolution',
   'CR 704.3: state-based actions are checked only when a player would receive priority, never while the spell resolves; alice ends at 4 and has not lost',
   RITE_STATE, {'resolving': 'Blood Rite', 'performed': ['alice loses 3 life', 'alice gains 5 life']}, 'stands', (), RITE)
sc('new_life_dip_inside_a_resolution_reordered', 'Blood Rite — alice at 2 life gains 5 before losing 3',
   'CR 704.3, 608.2c; MTR 4.3: two life changes of one resolution commute and inform nobody',
   RITE_STATE, {'resolving': 'Blood Rite', 'performed': ['alice gains 5 life', 'alice loses 3 life']}, 'stands', (), RITE)
sc('new_lethal_loss_said_before_untapping', "alice at 2 life says bob's upkeep trigger's loss before untapping",
   'CR 502.3, 503.1, 603.3b, 704.5a: the correct order untaps, then the trigger makes alice lose 2 and she loses the game; no player receives priority inside the block, so the performed order, which reaches the same state, is not cut short (MTR 4.3)',
   toll_state(2), {'steps': ['untap', 'upkeep', 'draw'], 'performed': ['alice loses 2 life', 'alice untaps']}, 'stands', (), TOLL)
sc('new_spell_to_graveyard_after_reaction', 'Cruel Ultimatum — in order; bob reacts; then alice puts the spell into her graveyard',
   'CR 608.2n: the spell goes to the graveyard as it finishes resolving whatever the players say; saying so after the reaction takes no action retroactively (MTR 4.3 is about actions a player missed)',
   CRUEL, {'resolving': 'Cruel Ultimatum', 'performed': ['bob sacrifices Serra Angel', 'bob discards 3', 'bob loses 5 life',
        'alice returns Grizzly Bears', 'alice draws 3', 'alice gains 5 life', {'reaction': 'bob casts an instant'},
        'alice puts Cruel Ultimatum into her graveyard']}, 'stands')

# --- 12 free trigger order and "another" (each dies trigger looks from its own source)
MOURNER = [{'name': 'Kind Mourner', 'cost': '{1}{B}', 'types': ['creature'], 'power': 1, 'toughness': 1,
            'triggered': [{'when': 'dies', 'effect': [{'do': 'return', 'who': 'you', 'what': 'another-creature',
                                                       'from': 'graveyard', 'to': 'hand', 'count': 1}]}]}]
sc('new_two_mourners_one_returns_the_other', 'Two Kind Mourners die at once — one trigger returns Grizzly Bears, the other the first Mourner',
   "CR 704.3, 603.3b (alice orders her two triggers freely); each trigger's 'another creature card' excludes only its own source, so the second Mourner's trigger may return the first (MTR 4.3: legal in the correct order)",
   {'players': ['alice', 'bob'], 'step': 'main1', 'alice': {'battlefield': ['Kind Mourner', 'Kind Mourner'], 'graveyard': ['Grizzly Bears']}},
   {'dying': ['Kind Mourner', 'Kind Mourner#2'], 'performed': ['alice puts Kind Mourner#2 into the graveyard',
        'alice puts Kind Mourner into the graveyard', 'alice returns Grizzly Bears', 'alice returns Kind Mourner']},
   'stands', (), MOURNER)
MB = {'players': ['alice', 'bob'], 'step': 'main1', 'alice': {'battlefield': ['Kind Mourner', 'Grizzly Bears']}}
sc('new_mourner_returns_itself', 'Kind Mourner and Grizzly Bears die at once — the trigger returns Kind Mourner itself',
   "CR 704.3, 603.3b: 'another creature card' excludes the Mourner, so its only legal pick is Grizzly Bears; the correct order returns Bears (MTR 4.3: legal in the correct order)",
   MB, {'dying': ['Kind Mourner', 'Grizzly Bears'], 'performed': ['alice puts Kind Mourner into the graveyard',
        'alice puts Grizzly Bears into the graveyard', 'alice returns Kind Mourner']},
   'does-not-stand', ['legal-in-order', 'same-state'], MOURNER)
sc('new_mourner_returns_the_bears', 'Kind Mourner and Grizzly Bears die at once — the trigger returns Grizzly Bears',
   'CR 704.3, 603.3b; positive twin', MB, {'dying': ['Kind Mourner', 'Grizzly Bears'], 'performed': [
        'alice puts Kind Mourner into the graveyard', 'alice puts Grizzly Bears into the graveyard', 'alice returns Grizzly Bears']},
   'stands', (), MOURNER)
# --- 13 a forced choice is still an act of the correct order
sc('new_masticore_forced_sacrifice_unsaid', "Masticore — empty hand, the forced sacrifice never said",
   "CR 503.1, 603.3b: with no card to discard, Masticore's trigger sacrifices it; MTR 4.3: the block must hold the correct order's actions, forced ones too, and Masticore is still on the battlefield in the performed run",
   {'players': ['alice', 'bob'], 'step': 'untap', 'alice': {'battlefield': ['Masticore', {'card': 'Forest', 'tapped': True}], 'library': {'hidden': 30}}},
   {'steps': ['untap', 'upkeep', 'draw'], 'performed': ['alice untaps', 'alice draws 1']},
   'does-not-stand', ['nothing-added-or-forgotten', 'same-state'])

CRUEL2 = {'players': ['alice', 'bob'], 'step': 'main1',
          'alice': {'graveyard': ['Grizzly Bears', 'Llanowar Elves'], 'library': {'hidden': 40}, 'stack': ['Cruel Ultimatum']},
          'bob': {'battlefield': ['Serra Angel', 'Grizzly Bears'], 'hand': {'hidden': 5}}}
sc('new_cruel_ultimatum_sacrifice_unsaid', "Cruel Ultimatum — bob's sacrifice, a choice between two creatures, never made",
   'CR 608.2c: bob must sacrifice one of his two creatures; MTR 4.3: a choice of the correct order left out of the block is forgotten, and bob keeps both creatures in the performed run',
   CRUEL2, {'resolving': 'Cruel Ultimatum', 'performed': ['bob discards 3', 'bob loses 5 life', 'alice returns Grizzly Bears',
        'alice draws 3', 'alice gains 5 life']},
   'does-not-stand', ['nothing-added-or-forgotten', 'same-state'])
sc('new_cruel_ultimatum_sacrifice_said_late', "Cruel Ultimatum — bob's sacrifice between two creatures said last",
   "CR 608.2c; MTR 4.3: bob's sacrifice comes first in the correct order; said last, after alice's public return, bob knew her pick before his own choice",
   CRUEL2, {'resolving': 'Cruel Ultimatum', 'performed': ['bob discards 3', 'bob loses 5 life', 'alice returns Grizzly Bears',
        'alice draws 3', 'alice gains 5 life', 'bob sacrifices Serra Angel']},
   'does-not-stand', ['no-leak'])

for fname, d in S:
    (OUT / f'{fname}.yaml').write_text(yaml.safe_dump(d, sort_keys=False, allow_unicode=True, width=110))
print(len(S))
