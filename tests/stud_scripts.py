"""Hand scripts (see handbuilder.py) transcribed from real PokerStars hands, names replaced.

They give the unit tests real situations to judge and to mutate: a stud8 split with the odd chip, a
stud hand with the 4th-street double bet, a capped heads-up street, and a side pot with proportional
rake. Amounts in cents.
"""

STUD8_SPLIT = """
stud8 4/8 ante 1 total 76 rake 3
seat 1 Ann 1100
seat 2 Bob 133
seat 3 Cid 124
seat 4 Dee 87
seat 5 Eve 156
seat 6 Fay 160
seat 7 Gus 97
seat 8 Hal 175
antes
3rd 1:Qs 2:4h 3:4c 4:8s 5:Ah Kd 8d 6:Ks 7:3h 8:5s
7 bring-in 2
8 call 2
1 call 2
2 call 2
3 call 2
4 fold
5 call 2
6 fold
4th 1:Td 2:9d 3:Jc 5:Kc 7:Ad 8:7c
7 check
8 check
1 check
2 check
3 check
5 check
5th 1:Jh 2:2c 3:5h 5:2d 7:Qd 8:4d
7 check
8 check
1 check
2 check
3 bet 8
5 fold
7 call 8
8 call 8
1 call 8
2 fold
6th 1:6d 3:7s 7:9s 8:Th
7 check
8 check
1 check
3 check
7th 1 3 7 8
7 check
8 check
1 check
3 bet 8
7 fold
8 call 8
1 call 8
show 3 7h 2h 4c Jc 5h 7s 8c
show 8 As Qh 5s 7c 4d Th Ac
show 1 Qc Kh Qs Td Jh 6d 6s
collect 1 37 pot
collect 3 36 pot
"""

STUD_DOUBLE_BET = """
stud 4/8 ante 1 total 98 rake 4
seat 1 Ann 187
seat 2 Bob 44
seat 3 Cid 286
seat 4 Dee 145
seat 5 Eve 235
seat 6 Fay 70
seat 7 Gus 160
seat 8 Hal 104
antes
3rd 1:7d Qs 8s 2:8d 3:6d 4:4d 5:Ad 6:Td 7:Jh 8:5s
4 bring-in 2
5 call 2
6 fold
7 fold
8 call 2
1 call 2
2 fold
3 call 2
4th 1:2s 3:2h 4:Kd 5:Kh 8:5c
marker double-bet
8 bet 8
1 call 8
3 fold
4 call 8
5 call 8
5th 1:As 4:Qd 5:3h 8:Js
8 check
1 bet 8
4 fold
5 fold
8 call 8
6th 1:5d 8:2c
8 check
1 bet 8
8 call 8
7th 1:7h 8
8 check
1 bet 8
8 call 8
show 1 7d Qs 8s 2s As 5d 7h
muck 8
collect 1 94 pot
"""

STUD_CAPPED = """
stud 4/8 ante 1 total 109 rake 5
seat 1 Ann 188
seat 2 Bob 45
seat 3 Cid 289
seat 4 Dee 148
seat 5 Eve 178
seat 6 Fay 77
seat 8 Gus 151
antes
3rd 1:2d Qs 8c 2:5d 3:Jc 4:8d 5:Kd 6:4s 8:6h
6 bring-in 2
8 call 2
1 fold
2 fold
3 call 2
4 call 2
5 call 2
4th 3:2h 4:Jd 5:Ks 6:6c 8:4c
marker double-bet
5 bet 4
6 call 4
8 call 4
3 fold
4 fold
5th 5:7c 6:9d 8:3h
5 bet 8
6 fold
8 raise 8 to 16
5 raise 8 to 24
8 raise 8 to 32
marker capped
5 call 8
6th 5:9h 8:3c
5 check
8 bet 8
5 call 8
7th 5 8
5 check
8 check
show 5 Ac 2c Kd Ks 7c 9h 9c
show 8 5h 8h 6h 4c 3h 3c As
collect 5 104 pot
"""

STUD_SIDE_POT = """
stud 4/8 ante 1 total 108 rake 5 pots 42 61
seat 1 Ann 159
seat 2 Bob 137
seat 3 Cid 99
seat 4 Dee 104
seat 5 Eve 98
seat 6 Fay 240
seat 7 Gus 429
seat 8 Hal 11
antes
3rd 1:9h 2:6s 3:8h 4:As 5:Ad 6:Ks 7h 9s 7:2d 8:Qh
7 bring-in 2
8 call 2
1 call 2
2 call 2
3 call 2
4 call 2
5 fold
6 fold
4th 1:3d 2:2h 3:Kd 4:Jd 7:3h 8:Qs
marker double-bet
8 bet 8 allin
1 fold
2 fold
3 fold
4 call 8
7 call 8
5th 4:Qd 7:Ac 8:7c
4 check
7 bet 8
4 raise 8 to 16
7 call 8
6th 4:2s 7:4d 8:Td
4 bet 8
7 call 8
7th 4 7 8
4 bet 8
7 call 8
show 4 Tc Kh As Jd Qd 2s 9c
muck 7
collect 4 61 side pot
muck 8
collect 4 42 main pot
"""


# ------------------------------------------------ Five Card Stud and 2-7 Razz (issue #11), from the corpus
# Transcribed by hand from the real text (their site readers are separate work); amounts in the model's
# unit: cents of cash, whole chips of a tournament (Full Tilt's MTT).

FTP_STUD5 = """
    stud5 800/1600 ante 150 total 12245 rake 0 pots 5335 6910 site fulltilt id 32412111030
    # Full Tilt Poker Game #32412111030: ... 800/1600 Ante 150 - Limit 5 Card Stud (fpdb/FTP/5-Stud-USD-MTT-100-201303.txt)
    seat 1 Player0 4950
    seat 2 Player1 27915
    seat 4 Player2 3740
    seat 5 Player3 12330
    seat 6 Hero 17724
    seat 7 Player4 1495
    seat 8 Player5 14030
    antes
    2nd 1:Kc 2:Qh 4:5s 5:7s 6:6s 6h 7:Js 8:2c
    8 bring-in 250          # Player5 is low with [2c]
    1 complete to 800       # Player0 completes it to 800
    2 call 800
    4 fold
    5 fold
    6 fold
    7 raise 545 to 1345 allin   # Player4 raises to 1,345, and is all in
    8 fold
    1 raise 800 to 2145  # Player0 raises to 2,145
    2 call 1345            # Player1 calls 1,345
    3rd 1:Tc 2:3h 7:9h
    1 bet 800
    2 call 800
    4th 1:Qd 2:Kd 7:4c
    1 bet 1600
    2 call 1600
    5th 1:3d 2:Ah 7:2d
    2 bet 1600
    1 call 255 allin
    uncalled 2 1345
    show 2 Ad Qh 3h Kd Ah
    muck 1 Ks Kc Tc Qd 3d     # the summary: mucked [Ks Kc Tc Qd 3d]
    collect 2 6910 side pot
    muck 7 Ac Js 9h 4c 2d
    collect 2 5335 main pot
"""

IPOKER_STUD5 = """
    stud5 5/10 ante 2 bring-in 2 rake 2 site ipoker id 3013529647
    # iPoker <game gamecode="3013529647">, 5 Card Stud L $0.05/$0.10 (fpdb/iPoker/5-StudL-USD-0.05-0.10-201111...xml)
    seat 1 Player1 267
    seat 4 Hero 128
    antes
    2nd 1:8h Jd 4:Qs 3c       # Second Street: H8 DJ / SQ C3
    4 bring-in 2              # action 3, type 16
    1 complete to 5           # action 4, type 5, $0.05
    4 call 3                  # action 5, type 3, $0.03
    3rd 1:4c 4:2c
    1 bet 5
    4 call 5
    4th 1:4s 4:Kc
    1 bet 10
    4 call 10
    5th 1:Kd 4:5c             # River
    1 check
    4 check
    show 1 8h Jd 4c 4s Kd
    show 4 Qs 3c 2c Kc 5c
    collect 1 42              # win="$0.42"; .hp: rake 2
"""

KINGSCLUB_RAZZ27 = """
    razz27 2200/4400 ante 1658 rake 500 site kingsclub id 40091899
    # #40091899: Limit 2-7 Razz - 22/44 (fpdb/KingsClub/2-7 Razz-USD-22-44-202101.txt); KingsClub calls
    # 4th street "3RD STREET" and so on: the streets below are the game's own
    seat 1 Player0 182732
    seat 2 Player1 44000
    seat 3 Player2 215012
    seat 4 Player3 116197
    seat 5 Player4 49766
    seat 6 Player5 73968
    seat 7 Hero 44000
    antes
    3rd 1:4d 2:Td 3:6c 4:3d 5:Qc 6:2s 7:5h Qs Ah
    7 bring-in 1658
    1 complete to 2200        # Player0 bets 22
    2 fold
    3 fold
    4 fold
    5 fold
    6 raise 1658 to 3858      # Player5 raises to 38.58
    7 fold
    1 call 1658               # Player0 calls 38.58 (KingsClub prints the total)
    4th 1:Jc 6:8c
    6 bet 2200
    1 call 2200
    5th 1:5d 6:Ks
    1 bet 4400
    6 call 4400
    6th 1:Kc 6:9h
    6 bet 4400
    1 call 4400
    7th 1 6
    6 check
    1 bet 4400
    6 fold
    uncalled 1 4400           # not printed; the summary's +259.64 for Player0 says it came back
    collect 1 42480           # Player0 wins pot (424.80); Rake 5
"""

KINGSCLUB_RAZZ27_SIDE_POT = """
    razz27 50000/100000 ante 12500 rake 0 site kingsclub id 3703449
    # #3703449: Limit 2-7 Razz - 500/1,000 (fpdb/KingsClub/2-7 Razz-USD-500-1000-202102.multi.pot.failure.txt)
    seat 1 Player0 4418100
    seat 2 Player1 1274900
    seat 4 Hero 2302575
    seat 6 Player2 178775
    antes
    3rd 1:Tc 2:9c 4:4c 5d 8h 6:4s
    1 bring-in 12500
    2 complete to 50000       # Player1 bets 500
    4 raise 50000 to 100000
    6 raise 50000 to 150000
    1 fold
    2 call 100000             # Player1 calls 1,500 (the total)
    4 raise 50000 to 200000
    6 call 16275 allin        # Player2 calls 1,662.75, and is all in
    2 call 50000
    4th 2:Jd 4:8d 6:Kd
    2 check
    4 check
    5th 2:As 4:5c 6:6s
    2 check                   # Player2's K-6-4 is the lowest board, but he is all-in
    4 bet 100000
    2 call 100000
    6th 2:5s 4:Qd 6:Jh
    2 bet 100000
    4 fold
    uncalled 2 100000         # not printed; the summary's -450.50 for Player1 says it came back
    show 2 6c 5h 9c Jd As 5s
    show 6 2c 3h 4s Kd 6s Jh
    7th 2 6
    collect 6 561325 main pot # Player2 wins pot (5,613.25)
    collect 2 267450 side pot # not printed: Player1's summary line, (12,298.50) -450.50, is this side pot
"""
