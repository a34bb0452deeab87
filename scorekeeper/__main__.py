from scorekeeper.entry import main

main()
