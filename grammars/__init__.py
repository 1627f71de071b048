"""grammars"""
