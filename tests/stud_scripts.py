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
