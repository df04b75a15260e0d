10534nrm0 2200205   450 0010002000001000041000021010008000432000051000512100012001023270095001143308812002093301018090216060051100397000022100909000049101129000049101619000032102109000032102429000054102741  a20250101u        u  y0frey50      ba0 afre1 aPow wowbobjet à 3 dimensions, artefacts, ...  cFranjos1 aPlan de jeu, 6 indiens, 12 cartes dont 6 POW WOW et 6 indiens, 6 dés et un tas de perres.  aContenu:
Plan de jeu, 6 indiens, 12 cartes dont 6 POW WOW et 6 indiens, 6 dés et un tas de perres.
Presentation du plan:
Le plan de jeu se compose de deux parties: Le tipi central et le parcours extérieur.
Le tipi centralet ses cinq couloirs triangulaires sert à déplacer les cinq pierres de progression. En début de partie; elles seront placées sur le sommet du tipi, dans la zone foncée, chacune d'elles au début d'un couloir. Le parcours extérieur fait le tour du tipi. C'est sur ses cases que se déplacent les indiens. Le début de ce parcours extérieur est marqué d'une flèche sur laquelle on déposeles six indiens en début de jeu. La case d'arrivée est marquée d'un double trait. en chemin, certainescases sont marquées du symboles pierre ou de celui des mocassins.
Préparation:
- Pow Wow see joue normalement avec un minimum de 3 joueurs. Une variante permet cependant à deux joueurs de s'y mesurer. Quel que soit le nombre de joueurs, les six indiens sont toujours placés sur la case de départ (sur la flèche).
- Le nombre de dés dont on a besoin est égal au nombre de joueurs qui participent à la partie. Par exemple, 4 dés pour 4 joueurs.
- Pour les cartes, on suit la répartition suivante:
3 joueurs: les 6 cartes indiens + 0 cartes pow wow
4 joueurs: les 6 cartes indiens + 2 cartes pow wow
5 joueurs: les 6 cartes indiens + 4 cartes pow wow
6 joueurs: les 6 cartes indiens + 6 cartes pow wow
- Cinq pierres (n'importe lesquelles) sont placées sur les cinq zones, au sommet du tipi. Pour les distinguer des autres pierres-qui leur sont semblables, nous les appelerons pierres de progression
- Le reste de pierres est mis en tas, à côté du plan de jeu. Nous les appelerons pierres des prédiction
Déroulement:
Les cartes sont bine mélangées et chaque joueur en reçoit 2 qu'il tient cachées au regard des autres. On désigne le premier lanceur de dés; puis durant les rounds suivants, chacun recevra ce rôle à tour de rôle.
Chaque round se déroule en deux temps:
1) Lancer des dés par celui dont c'est le tour; choix d'un dé par chaque joueur.
2) déplacement par chaque joueur d'un pierre de progression; puis progression iu recul de certains indiens.
1) Lancer les dés:
chaque round commence oar un lancé de tous les dés les dés . A tour de rôle, les joeurs serront responsables de cette fonction.
Celui qui a lancé, est le premier à pouvoir choisir parmi les dés celui qu'il préfére. Il le pose devant lui,sans en changer la face. Succsssivement, dans le sens des aiguilles d'une montre. Tous les autres joueurs font aussi leur choix. Seul le dernier joueur doit se contenter du dernier dé.
2) Déplacement:
Le premier à pouvoir déplacer un indien est celui qui a lancé les dés. Les autres suivront, à tour de rôle, dans le sens des aiguilles d'une montre.
Le joueur dont c'est le tour, a un double rôle:
a) déplacer une pierre de progression.
b) déplacer l'indien de la couleur de son dé d'autant de cases que le nombre désigné par cette pierre de progression.
Les pierres de progression:
Le tipi est divisé en cinq triangle que nous appelons 5 couloirs. Un couloir commence au centre du tipi par une case foncée. Un couloir est constité de 6 cases, de plus en plus larges, alternant le clair et l'obscur. La dernière case de chaque couloir est sur le bas du tipi.
Un joueur dont c'est le tour, doit faire progresser une des cinq pierres de progression d'une case en avant dans son couloir. Il peut choisir celle qui l'interésse le plus, sachant que le nombre atteint par la pierre représente le nombre de cases à avancer pour l'indien de son dé.
Exemple:
Jean est le lanceur de dés. Il est donc le premier à pouvoir un dé... et il sera le premier à déplacer un indien. Supposons qu'il choisit le dé rouge. Quand vient son tour, il déplace une des cinq pierres de progression d'une case. Il prend, par exemple, la pierre qui se trouve sur le 2 de droite et l'amène sur le 4. En conséquence, il doit déplacer l'indien rouge de 4 cases.
quand une pierre de progression parvient sur la dernière case d'un couloir(en bas ou en haut), elle ne peut plus être bougée..tant que les 4 autres pierres ne sont, elles aussi, arrivées en bout. Elle rapart ensuite dans l'autre sens, vers le sommet du tipi.
Progression des indiens:
Normalement, les indiens progressent vers la fin du circuit, d'autant de cases que de points indiquées par la pierre de progression qui vient d'être déplacée. Si cependant, la pierre de progression arrive sur une case foncée, le joueur peut choisir d'avance ou de reculer son indien. Un indien ne peut jamais reculer au-delà de la case de départ. Si le nombre de case à reculer est supérieur à celles qui sont disponiblepour rejoindre la case de départ, l'indien ne peut pas être reculé !:
- Plusieurs indiens peuvent se trouver sur une même case.
- Un joueur avance l'indiende la couleur indiquée par le dé qu'il a choisi, égal qu'il en détienne la cartee main ou non.
- Il est possible qu'un même indien soit avancé par plusieurs joueurs durant le même round.
Quand chaque joueur a fait progresser l'indien désigné par son dé, un nouveau round commence et le joueur suivant lance les dés.
Exemple:
Le lanceur de dés obtient sur les 4 dés vert, vert; rouge et jaune. L lanceur choisit le premier le premier dé jaune. Les deux suivants choisissent successivement vert et rouge: le dernier joueur doit se contenter du vert. Durant ce round, le vert progressera donc deux fois, les rouge et jaune une fois; tandis que les autres indiens resteront stationnaires.
CASES SPECIALES:
- Les cases mocassins:
Quand un indien finit sa progression sur une des trois cases mocassins, le joueur qui l'a déplacé peut (mais n'estb pas obligé) faire une échange de cartes avec un autre joueur.Il choisit une de ses deux cartes et la pose, face cachée, sur la table. Il désigne ensuite un joueur et pêche chez ce dernier, à l'aveuglette, une de ses deux cartes. Le joueur volé reçoit en échange la carte posée sur la table. Les cases mocassins sont naturellement très intéressantes quand on constate qu'un indien pourrait gagner et que c'est un adversaire qui en possède vraisemblablement la carte !.
- Les cases pierres:
Quand un indien finit sa progression sur une des 4 cases pierres; il reçoit du tas de pierres qu'on a préparé à côté du plan de jeu, une pierre de prédiction. Cette pierre est un cadeau et pourra être utilisée dès le tour suivant.
Une pierre de prédiction permet à un joueur:
- soit de relancer le dé qu'il a choisi avant de déplacer une pieere de progression. S'il est en possession de plusieurs pierres de prédiction, il peut relancer le dé autant de fois que de pierres en sa possession.Toute pierre de prédiction utilisée retourne sur le tas.
C'est donc une possibilité pour les joueurs d'améliorer leur dé... quand ils espèrent obtenir une meilleur face!
Exemple:
Pierre a hérité du dé vert. Cette couleur ne l'intéresse pas car il possède les cartes rouge et jaune. Il est justement en possession de deux pierres de prédiction. Avant avoir fait bouger une des pierres de progression,il relance le dé et rend une pierre de prédiction au tas. Pas de chance, le dé tombe à nouveau tombé la face verte. Pierre décide de sacrifier sa seconde pierre de prédiction et lance une seconde fois le dé. Il obtient rouge. Il a eu de la chance..; puisqu'ainsi, il pourra déplacer l'indien rouge autour du tipi.
- soit de procéder à un échange de cartes (comme explique pour les cases mocassins) puis de jouer normalement. Dans ce cas aussi, la pierre de prédiction retourne dans la boîte
Fin du jeu:
Dès qu'un indien parvient sur la dernière case du circuit(celle qui est barrée par une double branche), le jeu s'arrête et celui détient la carte de cet indien, gagne la partie. Il n'est pas nécessaire d'avoir un nombre juste pour parvenir sur cette case.
Variante pour 2 joueurs:
Si vous désirez jouer à deux, utilisez aussi les 6 cartes indiens en créant un tas de deux qui est posé, faces cachées, sur la table. Le jeu se déroule comme décrit ci-dessus... mais seuls deux dés sont utilisés. Des échanges (cases mocassins) sont possibles avec le tas neutre. Il est cependant possible, dans ce cas que le vainqueur ne soit aucun des deux joueurs.
Quelques conseils:
1) Le bluff et la discétion sont des ingrédients importants pour jouer à Pow Wpw. Il est évident que si vous privilègiez sans cesse le même indien, les autres déduiront que vous êtes en possession de sa carte. Equilibrez donc bien votre générosité pour ne pas attirer l'attention !
2) Remplacez les cailloux de progression par des objets plus petits (boutons ou autres pions): c'est beaucoup plus confortable.  a3) Dans le cas de 4, 5 ou 6 joueurs, si vous détenez 2 cartes pow wow, il vous naturellement impossible de gagner. Dépêchez-vous donc de rejoindre une case mocassins pour changer votre jeu en pêchant chez les autres.
4) Contenez également vos expressions de visage: elles sont d'habitude source de renseignement pour les autres.
Un jeu découvert et traduit par:
Vous devez enseigner à vos enfants que la terre, sous leurs pieds, est faite de cendres de nos grands-parents. Afin qu'ils la respectent, dites à vos enfants que la terre est riche de la vie de notre peuple. Dites-leur que la terre est notre mère. Tout ce qui arrive à la terre, arrive aux fils de la terre. Lorsque les hommes crachent sur la terre, ils crachent sur eux-mêmes. Nous le savons: la terre n'appartient pas à l'homme, c'est l'homme qui appartient à la terre.
L'homme n'a pas tissé la toile de sa vie, il n'est qu'un fil du tissu. tout ce qu'il fait à la toile, il le fait à lui-même.
Fils de la Terre, Chef indien Seattle  aA 406 jeu de stratégie (jeu de règles)2esar 1acornbRonald4070  a3lNombre minimum de joueursncp_min_players  a6lNombre maximum de joueursncp_max_players  a10lAge minimumncp_min_age  a99lAge maximumncp_max_age  a45lDurée moyenne (minutes)ncp_duration_minutes06344nrm0 2200217   450 0010002000001000041000021010008000432000050000512100011001013270052001123305189001646060051053537000023054049000049054279000049054769000032055259000032055579000054055899000403056439000080060462  a20250101u        u  y0frey50      ba0 afre1 aTa Yübobjet à 3 dimensions, artefacts, ...  cKosmos1 a1 plateau,112 pièces, 1 sachet 1 règle dejeu.  aContenu:
1 plateau,112 pièces, 1 sachet 1 règle dejeu.
Un domino très spécial pour 2,3 ou 4 joueurs. Ta Yü est le nom d'une figure légendaire de la saga chinoise. Comme Noé, il construisit une arche et gagna par réseau de canaux, l'empire du Milieu.
But du jeu:
Chaque joueur cherche à partir d'une pierre placée au centre du plateau, à créer des canaux qui relient deux côtés opposés du plan de jeu. (l'un entre le Nord et le Sud, l'autre entre l'Est et l'Ouest). Chaque fois qu'un canal débouche sur un côté le joueur marque un point. Il en même deux si le canal arrive en face d'une case face à une accolade bleue. Les points sont additionnés séparément pour chaque rive. On multiplie ensuite le résultat d'une rive par le résultat de l'autre. Celui qui obtient ainsi le résultat le plus haut, gagne le jeu.
Les pierres:
Il existe 28 espèces de pierres qu'on peut classer en trois catégories:
- celle où les 3 ouvertures sont du même côté (1 pierre en 4 exemplaires).
- celles où les ouvertures s'ouvrent sur 2 côtés différents (15 pierres en 60 exemplaires).
- celles où les ouvertures s'ouvrent sur 3 côtés différents (12 pierres en 48 exemplaires):ces pierres portent sur leur verso un anneau qui permet de bien les reconnaître.
Préparation du jeu:
Les 112 pierres sont posées faces cachées (lignes bleues vers le bas) sur la table et bien mélangées. On construit ensuite un talon qui est composé de 8x12 rangs (voir image). La largeur du talon se trouve face au plateau. Les joueurs ne s'asseoient pas l'un en face de l'autre mais de part et d'autre d'un même angle du plateau.
Déroulement:
- On désigne celui qui commence et celui-là prend la première pierre disponible du talon:première disponible veut dire la plus proche du plateau et toujours le plus haute, si le choix est possible (2 pierres à hauteur égale), le joueur choisit l'une ou l'autre.
- La pierre prise est analysée puis posée sur la plan de jeu de manière à couvrir précisément trois cases.
- La première pierre doit être posée de manière à couvrir la case centrale et son dessin.
- Chaque pierre devra ensuite être en correspondance avec les canaux ouverts et les prolonger sans jamais créer d'illogisme,c-à-d d'impasses.
- Un canal au minimum doit être prolongé.
- Les côtés du plateau ne peuvent être dépassés.
Les schémas suivants montrent des ajustement corrects et incorrects (les erreurs sont indiquées par les flèches). Quand un joueur a posé, le suivant prend la relève...et ainsi de suite. On joue donc à tour de rôle.
Une pierre doit toujours être posée si une possibilité existe, même si elle est à l'avantage de l'adversaire.
Fin du jeu:
Le jeu s'arrête dès qu'une pierre est puisée et que chacun des deux joueurs reconnaît qu'elle est impossible à poser sur le plateau, faute de place. On compte alors les points gagnés par chaque joueur.
Points:
Chaque canal qui atteint une rive rapporte un point sur un canal atteint une des trois positions marquées de bleu, il rapporte 2 points. On fait ainsi le compte des points pour chaque côté opposé du plateau et on multiplie les deux résultats l'un par l'autre. Celui qui obtient ainsi le plus haut résultat gagne la partie. On remarquera donc qu'un joueur qui n'a rejoint qu'une seule de ses deux côtes, ne reçoit pas de points (par exemple, 6x0=0).
Tactique:
Quand le choix s'avère possible, le joueur réfléchit s'il prend une pierre marquée d'un anneau ou non. Pour rappel, une pierre marquée sur son verso d'un anneau signifie qu'elle possède une sortie sur 3 côtes différents.
Le jeu pour trois:
Le jeu est légèrement différent, même si les règles de bas restent les mêmes. Deux des joueurs jouent au GÊNEUR. Est désigné GENEUR de service celui qui offre le moins dans le système de mise que nous expliquons ci-après:
- chaque joueur annonce un nombre de points que ni l'un ni l'autre de ses adversaires ne parviendra à atteindre. Si un joueur annonce donc 20, cela veut dire qu'il prétend qu'aucun de ses adversaires n'atteindra un score supèrieur à 20 points.
A partir d'une mise, un autre joueur peut en annoncer une plus basse. On descendra ainsi jusqu'au moment où les deux autres joueurs passent.
- C'est ainsi qu'on désign le GENEUR qui va tout faire pour gêner les autres joueurs.
On joue comme dans le jeu de base:chacun a tour de rôle, prend la première pierre disponible du talon. Deux des joueurs tentent de rejoindre les cîtes, le troisième de détourner leurs canaux. Au plus le nombre annoncé par le GENEUR est bas, au plus son rôle est difficile. Il aura intérêt à se révéler très destructif!.
Le jeu à quatre :
C'est un jeu d'équipe, qu'on joue par paire, en respectant les règles du jeu de bas pour 2. Dans ce jeu cependant chaque joueur reçoit en début de partie une pierre qu'il pose découverte devant lui. Quand c'est son tour de jouer, il en prend une seconde et pose à côté de la première:il choisit ensuite celle des deux qu'il pose sur le plan de jeu.
Variante:
Aux règles de base, ajoutez la règle des deux pierres qui est expliquée dans la variante pour 4 joueurs.  aA 406 jeu de stratégie (jeu de règles)2esar 1aNeuwahlbNiek4070  a2lNombre minimum de joueursncp_min_players  a4lNombre maximum de joueursncp_max_players  a10lAge minimumncp_min_age  a99lAge maximumncp_max_age  a45lDurée moyenne (minutes)ncp_duration_minutes  aChaque joueur cherche, à partir d'une pierre placée au centre du plateau, à créer des canaux qui relient deux côtés opposés du plan de jeu.(l'un entre le Nord et le Sud; l'autre entre l'Est et l'Ouest). Chaque fois qu'un canal débouche sur un côté, le joueur marque un point/il en même deux si le canal arrive en face d'une case face à une accolade bleue.lPrincipe du jeuncp_principle  aUn jeu de domino et circuit.lAnalyse pédagogiquencp_pedagogical_analysis07132nrm0 2200193   450 0010002000001000041000021010008000432000052000512100009001033270084001123306450001966060051066467000025066979000049067229000049067719000032068209000032068529000054068843  a20250101u        u  y0frey50      ba0 afre1 aAlcatrazbobjet à 3 dimensions, artefacts, ...  cF.X.1 a1 plateau de jeu, 8 gardiens, 16 prisonniers, 1 déà 8 faces, 1 règle de jeu.  aContenu:
1 plateau de jeu, 8 gardiens, 16 prisonniers, 1 déà 8 faces, 1 règle de jeu.
Alcatraz a été découvert en 1769 par les Espagnols. En 1851, l'Île est devenue la propriètaire des Etats-Unis d'Amérique. A partir de 1868, elle est devenue un lieu de bagne pour les condamnés aux trvaux forcés à perpétuité. Une évasion d'Alcatraz était pratiquement impossible, mais peut-être serez-vous les premiers à y arriver. Bonne chance!.
But du jeu:
Le premier qui amène trois de ses prisonniers jusqu'au bateau servant à s'évader gagne la partie.
Préparation du jeu:
4 prisonniers par joueur, les gardiens sur les cases correspondantes: Les 8 gardiens sont disposés sur les cases correspondantes.Chaque joueur choisit 4 prisonniers d'une couleur et les installe dans la cellule commune.
Déroulement du jeu:
Le plus "innocent" commence. Le joueur commence par faire avancer un de ses prisonniers d'un nombre quelconques de cases jusqu'à une case libre. Il est libre de choisir l'endroit où le prisonnier quitte la cellule.Le gardien avance du même nombre de cases que le prisonnier.Si un gardien se trouve dans la même rangée quie la case où aboutit le prisonnier (et c'est toujours le cas, excepté la rangée située juste devant la cellule), ce gardien avance dans sa rangée en direction du prisonnier du même nombre de cases que le prisonnier lui-même a franchies auparavant. Un détenu repris doit retourner dans la cellule;Si le gardien arrive sur une case occupée par le prisonnier d'un autre joueur ou s'il passe par une telle case, ce détenu est considéré comme repris et doit retourner dans la cellule. Il pourra bientôt entreprendre une nouvelle tentative d'évasion. Les autres joueurs suivent à leur tour, dans le sens des aiguilles d'une montre.
Un tour s'effectue toujours en 2 étapes:
- On déplace un prisonnier de sa couleur, - On déplace le gardien dans la rangée correspondante.
Comment avancent les prisonniers?
Les prisonniersz avancent verticale ou horizontale. Les prisonniers peuvent se déplacer dans le sens vertical en direction du bateau ou de la cellule (colonne) ou dans le sens horizontakl (rangée).
Pas de changement de direction durant un tour: Il (n'est pas permis de changer de direction au cours du même tour. Durant un tour, les prisonniers avancent donc soit dans la rangée, soit dans une colonne.
Un pion par case:Un prisonnier n'a pas le droit de s'arrêter sur une case où se trouve déjà un autre prisonnier. Dépasser des prisonniers:oui:Mais il peut dépasser d'autres prisonniers. Dans ce cas, la case déjà occupée par un autre prisonnier compte comme une case normale. Dépasser des gardiens:non Un prisonnier n'a pas le droit de se faire prendre délibérément:Il n'est pas permis de faire avancer un de ses prisonniers de manière à le faire prendre par un gardien, mais naturellement, il peut être judicieux de dépasser son prisonnier de façon à ce que les prisonniers d'autres joueurs soient repris et doivent retourner dans la celluleLes prisonniersz peuvent être mis en jeu à n'importe quel moment:. Le joueur dont c'est le tour décide s'il met un nouveau prisonnier en jeu ou s'il fait avancer un des prisonniers déjà sortis de la cellule.
Comment avancent les gardiens?
Les gardiens se déplacent horizontalement à l'intérieur d'une rangée: Un gardien se déplace seulement de façon horizontale à l'interieur de sa rangée: dès qu'un prisonnier s'arrête dans cette rangée. Dès qu'un prisonnier se déplace à l'interieur de cette rangée ou lorsque l'alarme est déclenché. Les gardiens avancent du même nombre de cases que les prisonniers:Les gardient avancent toujours en direction du prisonnier, du nombre exact de cases que le prisonnier lui-même vient dr franchir (exception:alarme).
Le bateau de l'évasion:
Le bateau ne peutêtre atteint qu'à partir des cases hachurées:Pour atteindre le bateau, un prisonnier doit d'abord se trouver sur l'une des neufs cases hachurées situées devant le bateau. Lors du prochin tour, ce prisonnier pourra aussitôt monter dans le bateau, à condition qu'aucun gardien ne lui bloque le passage, càd se trouve directement intercalé entre lui et le bateau.
Alarme:
Un prisonnier qui arrive à monter dans le bateau déclenche l'alarme: Dès qu'un prisonnier réussit à monter dans le bateau, l'alarme est aussitôt donnée. Un gardien est mis en état d'alerte. Pour cela, le voisin de gauche du joueur dont le prisonnier a atteint le bateau jette le dé. Le chiffre onbtenu indique la rangée dans laquelle un gardien peut être déplacé. Le joueur qui a jeté le dé décide mantenant dans quelle direction le gardien va se déplacer. Ce gardien avance alors jusqu'au bout de sa rangée. Tous les détenus qui se trouvent sur son chemin sont repris et doivent retourner dans la cellule.Il peut arriver exceptionnellement que le joueur fasse avancer le gardien de manière à faire reprendre ses propres prisonniers. Mais il vaut mieux, naturellement, ne renvoyer dans la celle que les d'autres joueurs. ensuite, le joueur qui a lancé le dé effectue son tour normalement.
Fin du jeu:
Le jeu se termine dès qu'un joueur a amené son troisième prisonnier jusqu'au bateau. Ce joueur est le gagnant.
Variantes de jeu:
Pour mettre l'accent sur la tactique, on peut sans déclencher d'alarme. Dans ce cas, quand un prisonnier monte dans le bateau, on n'est pas obligé de déplacer un gardien en jetant le dé.
La position de base:de bas des gardiens peut-être modiddiée à volonté. Il faut cependant veiller à ce que, dan sla première rangée, située devant le bateau, le gardien se trouve placé sur la case du milieu. Il faut aussi que la lumière rangée, située juste devant la cellule, reste libre et qu'un gardien se trouve dans chacune des autres rangées.
Exemples:Un prisonnier est repris:
Le joueur 0 fait sortir son prisonnier de la cellule et le déplace dans la colonne qu'il a choisie de 3 cases en direction du bateau. Son tour se termine à la rangée 7. Le gardien de la rangée 7 avance alors de 3 cases en direction de 0 et reprend X qui doit retourner dans la cellule.
Un prisonnier s'évade en bateau:
Le joueur X se trouve sur une des cases hachurées situées devant le bateau. Comme un gardien se trouve devant lui, il ne peut pas monter dans le bateau. Le joueur O, par contre, pourra monter directement dans le bateau lors de son prochain tour.  aA 406 jeu de stratégie (jeu de règles)2esar 1aWeberbBernhard4070  a2lNombre minimum de joueursncp_min_players  a4lNombre maximum de joueursncp_max_players  a10lAge minimumncp_min_age  a99lAge maximumncp_max_age  a25lDurée moyenne (minutes)ncp_duration_minutes02685nrm0 2200181   450 0010002000001000041000021010008000432000052000512100012001033270081001153302045001966060047022419000049022889000049023379000031023869000032024179000054024494  a20250101u        u  y0frey50      ba0 afre1 aBataclanbobjet à 3 dimensions, artefacts, ...  cGigamic1 a28 dès spéciaux en bois (20 standards, 4 moyens, 4 géants) et un gobelet.  aPRESENTATION ET PREPARATION - 28 dès spéciaux en bois (20 standards, 4 moyens, 4 géants) et un gobelet. - Les joueurs se partagent le stock de dès comme suit:
BUT DU JEU: Se débarasser de tous ses dès en les empilant sur la pile commune
DEROULEMENT D'UNE PARTIE Début de partie Le lancer d'un dé détermine quel joueur commence. Celui-ci lance tous ses dés; pour entamer la pile, il doit réaliser un *G* et poser ce dé au centre de la table. Si le premier joueur ne tire pas de *G*, la main passe au joueur suivant et ainsi de suite jusqu'à ce que l'un des joueurs réalise le *G* de base. Dès qu'un joueur a posé le *G* de base, il peut empiler ses dés par valeur croissante si son lancer le lui permet: *G* puis "2" puis "3" puis "4" puis "5" puis "6" puis à nouveau *G*¨, etc...(fig.1)
Déroulement de la partie A tour de rôle, les joueurs suivants lancent leurs dés et placent sur la pile, toujours dans l'ordre croissant, les dés dont la valeur le permet. Les joueurs n'ont pas obligation de placer sur la pile tous les dés rendus possibles par leurs lancers, mais ils doivent poser au moins un dé si ils le peuvent. A partir du second tour, les joueurs peuvent choisir les dés qu'ils relancent pour garder une partie de leurs lancers antérieurs. Il est obligatoire de relancer au moins un dé. Lorsqu'un joueur fait chuter tout ou partie de la pile, il récupère les dés tombés et les intègre à son jeu (fig.2).
*G*
- la face *G* a valeur de "l", mais également de joker: elle peut remplacer n'importe quelle valeur (fig.3). - lorsqu'un *G* est posé à la place d'une autre valeur que "l", le joueur le retourne avant la pose afin d'afficher sur sa face supérieur sa valeur réelle dans la pile.
FIN DE LA PARTIE Le premier joueur qui a posé tous ses dés a gagné. Le calssement des autres joueurs est alors fonction: 1) soit de l'ordre dans lequel ils se débarassent de tous leurs dés (la partie continue); 2) soit de leurs stocks de dés: celui qui a le moins de dés est déclaré second, etc...  aA 404 jeu d'adresse (jeu de règles)2esar  a2lNombre minimum de joueursncp_min_players  a6lNombre maximum de joueursncp_max_players  a7lAge minimumncp_min_age  a99lAge maximumncp_max_age  a25lDurée moyenne (minutes)ncp_duration_minutes02942n m0 2200121   450 0010002000001000041000021010008000432000023000513270090000743302558001649000049027229000049027715  a20250101u        u  y0frey50      ba0 afre1 aPrairie ou Buffalo1 a1 Plateau de jeu (voir fin de partie), 1 Pion indien, 4 Pions chiens, 11 Pions bisons  aCOMPOSITION DU JEU:
1 Plateau de jeu (voir fin de partie)
1 Pion indien
4 Pions chiens
11 Pions bisons
Il est évident que si vous fabriquer votre propre jeu, vous pouvez prendre des pions de n'importe quelle forme pourvu qu'on les distingue facilement.
RÈGLE
DU JEU:
D'après le traduction française de François Haffner
But
du jeu L'objectif des buffles est d’amener au moins l’un des leurs de l'autre côté du plateau. L'objectif du chef indien est de capturer tous les buffles ou de les bloquer avec ses chiens. Préparation Les 11 buffles sont alignés le long d'un côté du plateau. Le chef indien est placé sur la case centrale flanqué de deux chiens de chaque côté. (voir schéma ci-contre).
Déplacements Les adversaires jouent à tour de rôle, en déplaçant une pièce par tour. Les buffles jouent en premier. Les buffles Ils ne peuvent qu’avancer, et d’une seule case à la fois (en ligne droite, comme les pions au échecs). Ils ne peuvent pas faire de captures. Les chiens Ils peuvent se déplacer dans n’importe quelle direction libre – horizontalement, verticalement ou diagonalement (comme la reine aux échecs) – vers une case libre. Ils ne peuvent pas aller ni sur la première ni sur la dernière ligne, mais ils peuvent bloquer l'avance de buffles en se plaçant devant eux. Le chef indien Il peut se déplacer d’une seule case dans n'importe quelle direction (comme le roi aux échecs). Il ne peuvt pas aller ni sur la première ni sur la dernière ligne, mais il peut capturer un buffle. Quand il se déplace vers une case occupée par un buffle, ce dernier est capturé et retiré du plateau de jeu. Fin de la partie Le jeu finit dès qu'un des deux objectifs est atteint; soit un buffle a atteint le bord opposé du plateau, soit le chef indien a capturé ou immobilisé tous les buffles. Le gagnant est le joueur qui atteint le premier son objectif. Note – Buffalo est un jeu rapide et se révèle plus agréable en plusieurs manches. Essayez le système suivant : si le joueur avec les buffles gagne la première manche, il rejoue avec les buffles mais avec un de moins ; s'il gagne encore, deux de moins et ainsi de suite. Si le joueur avec le chef indien gagne la première manche, il rejoue avec le chef, mais son adversaire peut commencer par déplacer deux buffles ; si le chef gagne encore, son adversaire commence en déplaçant trois buffles et ainsi de suite. Ce système de handicap révèle clairement la force relative des joueurs et aide le joueur plus faible à améliorer sa tactique.  a2lNombre minimum de joueursncp_min_players  a2lNombre maximum de joueursncp_max_players