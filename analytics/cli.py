def main(): print("hello")
